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
    /// A wave at least this wide (points) is a squiggle, never a letter's bar.
    static let squiggleWidth = 48.0
    /// What a line must read like to count as writing.
    static let maxNone = 0.3
    /// The least confidence by letter count: two shapes side by side read as two letters far
    /// more often than three or more do (an avatar's head and shoulders as "to").
    static let minConfidence = [1.0, 1.0, 0.95, 0.6, 0.3]

    /// The lines of writing among `inks`.
    func lines(in inks: [Ink]) -> [Line] {
        let holders = Self.boxes(holding: inks)
        let holdsOthers = Set(holders.flatMap { $0 })
        let candidates = inks.indices.filter { i in
            let f = inks[i].frame
            return !holdsOthers.contains(i) && f.height <= Self.letterHeight && f.width <= Self.letterWidth
                && !(f.width >= Self.squiggleWidth && AtomRefiner.isLongWave(inks[i]))
        }
        var sets = DisjointSets(count: inks.count)
        for (n, i) in candidates.enumerated() {
            for j in candidates[(n + 1)...] where holders[i] == holders[j] && Self.sameLine(inks[i].frame, inks[j].frame) {
                sets.union(i, j)
            }
        }
        var members: [Int: [Int]] = [:]
        for i in candidates { members[sets.find(i), default: []].append(i) }
        return members.values.sorted { $0[0] < $1[0] }.flatMap { indexes -> [Line] in
            guard indexes.count >= 2 else { return [] }
            let line = indexes.map { inks[$0] }.sorted { $0.order < $1.order }
            if let reading = read(line), Self.isWriting(reading) { return [Line(inks: line, reading: reading)] }
            return wordsOnTheirOwn(line)
        }
    }

    /// The words of a line that does not read as writing as a whole (a box or a pictogram beside
    /// the words spoils it), each read on its own.
    private func wordsOnTheirOwn(_ line: [Ink]) -> [Line] {
        let words = LineGeometry(boxes: line.map(\.frame)).words
        guard words.count >= 2 else { return [] }
        return words.compactMap { word -> Line? in
            let inks = word.map { line[$0] }
            guard inks.count >= 2, let reading = read(inks), Self.isWriting(reading) else { return nil }
            return Line(inks: inks, reading: reading)
        }
    }

    /// For every stroke, the strokes that are boxes around it: a box holds two or more strokes
    /// and is half again as tall as the tallest of them (a letter that holds its own bar, as an
    /// E drawn in two strokes does, is no box).
    static func boxes(holding inks: [Ink]) -> [[Int]] {
        let holders = StrokeGrouper.holders(of: inks)
        var held = [Int: [Int]]()
        for (inner, outers) in holders.enumerated() {
            for outer in outers { held[outer, default: []].append(inner) }
        }
        let boxes = Set(held.filter { outer, inner in
            inner.count >= 2 && inks[outer].frame.height >= 1.5 * (inner.map { inks[$0].frame.height }.max() ?? 0)
        }.keys)
        return holders.map { $0.filter(boxes.contains) }
    }

    /// Whether a reading is writing rather than shapes read as letters.
    static func isWriting(_ reading: ReadText) -> Bool {
        guard reading.letterCount >= 2, reading.noneProbability <= maxNone else { return false }
        return reading.confidence >= minConfidence[min(reading.letterCount, minConfidence.count - 1)]
    }

    /// Two strokes of one line: side by side on a shared band, a wide space apart at most; or a small
    /// mark over or on a letter (a dot, a bar no longer than a letter is tall).
    static func sameLine(_ a: Rect, _ b: Rect) -> Bool {
        let h = max(a.height, b.height, 4)
        let overlap = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let gap = max(b.minX - a.maxX, a.minX - b.maxX)
        if overlap >= 0.4 * max(min(a.height, b.height), 2), gap <= 1.3 * h { return true }
        let (small, large) = a.height <= b.height ? (a, b) : (b, a)
        guard small.height <= 0.45 * large.height, small.width <= 1.2 * large.height else { return false }
        let besideX = small.midX >= large.minX - 0.3 * large.height && small.midX <= large.maxX + 0.3 * large.height
        let verticalGap = max(small.minY - large.maxY, large.minY - small.maxY)
        return besideX && verticalGap <= 0.7 * large.height
    }

    private func read(_ line: [Ink]) -> ReadText? {
        let key = line.map(\.fingerprint).sorted().map { String($0, radix: 16) }.joined(separator: ".")
        return cache.label(for: key) { reader.read(line.map { $0.points.map { Point2($0.x, $0.y) } }) }
    }
}
