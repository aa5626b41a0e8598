/// Finds the handwriting on a screen: runs of letter-sized strokes along one line, inside the
/// same box, that the reader reads as characters. Each becomes one text line; every other
/// stroke is left to the shape pipeline, so writing and squiggles mix on one screen.
struct TextFinder: Sendable {
    let reader: HandwritingReader
    let cache: AnswerCache<ReadText?>

    /// A line of handwriting and what it says.
    struct Line {
        let inks: [Ink]
        let reading: ReadText
    }

    /// The tallest and widest stroke (points) that can be part of a letter.
    static let letterHeight = 90.0
    static let letterWidth = 140.0
    /// What a line must read like to count as writing.
    static let maxNone = 0.3
    static let minConfidence = 0.3

    /// The lines of writing among `inks`.
    func lines(in inks: [Ink]) -> [Line] {
        let holders = StrokeGrouper.holders(of: inks)
        let holdsOthers = Set(holders.flatMap { $0 })
        let candidates = inks.indices.filter { i in
            let f = inks[i].frame
            return !holdsOthers.contains(i) && f.height <= Self.letterHeight && f.width <= Self.letterWidth && !AtomRefiner.isLongWave(inks[i])
        }
        var sets = DisjointSets(count: inks.count)
        for (n, i) in candidates.enumerated() {
            for j in candidates[(n + 1)...] where holders[i] == holders[j] && Self.sameLine(inks[i].frame, inks[j].frame) {
                sets.union(i, j)
            }
        }
        var members: [Int: [Int]] = [:]
        for i in candidates { members[sets.find(i), default: []].append(i) }
        return members.values.sorted { $0[0] < $1[0] }.compactMap { indexes -> Line? in
            guard indexes.count >= 2 else { return nil }
            let line = indexes.map { inks[$0] }.sorted { $0.order < $1.order }
            guard let reading = read(line), Self.isWriting(reading) else { return nil }
            return Line(inks: line, reading: reading)
        }
    }

    /// Whether a reading is writing rather than shapes read as letters.
    static func isWriting(_ reading: ReadText) -> Bool {
        reading.letterCount >= 2 && reading.noneProbability <= maxNone && reading.confidence >= minConfidence
    }

    /// Two strokes of one line: side by side on a shared band, a letter apart at most; or a small
    /// mark over or on a letter (a dot, a bar).
    static func sameLine(_ a: Rect, _ b: Rect) -> Bool {
        let h = max(a.height, b.height, 4)
        let overlap = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let gap = max(b.minX - a.maxX, a.minX - b.maxX)
        if overlap >= 0.4 * max(min(a.height, b.height), 2), gap <= 0.9 * h { return true }
        let (small, large) = max(a.width, a.height) <= max(b.width, b.height) ? (a, b) : (b, a)
        guard max(small.width, small.height) <= 0.45 * large.height else { return false }
        let besideX = small.midX >= large.minX - 0.3 * large.height && small.midX <= large.maxX + 0.3 * large.height
        let verticalGap = max(small.minY - large.maxY, large.minY - small.maxY)
        return besideX && verticalGap <= 0.7 * large.height
    }

    private func read(_ line: [Ink]) -> ReadText? {
        let key = line.map(\.fingerprint).sorted().map { String($0, radix: 16) }.joined(separator: ".")
        return cache.label(for: key) { reader.read(line.map { $0.points.map { Point2($0.x, $0.y) } }) }
    }
}
