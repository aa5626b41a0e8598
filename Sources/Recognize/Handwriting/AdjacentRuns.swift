import SketchModel

/// Runs of letter-sized strokes that the line geometry left apart but that are one piece of
/// writing: a word whose letters drift down the page ("con" and "tent"), a descender hanging
/// below its word's band (the g of "long"), or words spaced wider than their small letters are
/// tall ("be in"). The reader decides: two runs side by side on one line are read together, and
/// are one line when that reads as writing at least as surely as the less sure of them.
extension TextFinder {
    /// A run of letter-sized strokes along one line (drawing order), in its boxes, with the
    /// lines of writing read in it.
    struct Run {
        let inks: [Ink]
        let frame: Rect
        let holders: [Int]
        let lines: [Line]
    }

    /// The widest gap (times the taller run's height) between two runs read together.
    static let adjacentGap = 1.5
    /// The least share of the smaller run's height the two must overlap by, one beside the other.
    static let adjacentOverlap = 0.25

    /// `runs` with every two side by side on one line joined where they read as one line of
    /// writing (``joinedReading(_:_:)``): a run of writing and the run on either side of it.
    func joiningAdjacentRuns(_ runs: [Run]) -> [Run] {
        var runs = runs
        var joined = true
        while joined {
            joined = false
            search: for a in runs.indices where !runs[a].lines.isEmpty {
                for b in runs.indices
                where b != a && (Self.areAdjacent(runs[a], runs[b]) || Self.areAdjacent(runs[b], runs[a])) {
                    guard let union = joinedReading(runs[a], runs[b]) else { continue }
                    runs[min(a, b)] = union
                    runs.remove(at: max(a, b))
                    joined = true
                    break search
                }
            }
        }
        return runs
    }

    /// Whether `right` starts just after `left` ends, on its line and in its boxes.
    static func areAdjacent(_ left: Run, _ right: Run) -> Bool {
        let (l, r) = (left.frame, right.frame)
        let gap = r.minX - l.maxX
        return left.holders == right.holders && r.minX > l.minX && r.maxX > l.maxX
            && gap <= adjacentGap * max(l.height, r.height) && l.verticalOverlap(r) >= adjacentOverlap
    }

    /// The two runs as one, when together they read as writing (neither a guess nor in need of a
    /// shape check) with more letters than either, at least as surely as the less sure of them
    /// (a run with no writing counting as not sure at all).
    func joinedReading(_ a: Run, _ b: Run) -> Run? {
        let inks = (a.inks + b.inks).sorted { $0.order < $1.order }
        guard let line = writingLine(inks), !line.needsShapeCheck, !Self.isGuess(line.reading) else { return nil }
        let parts = a.lines + b.lines
        let letters = parts.map(\.reading.letterCount)
        let least = b.lines.isEmpty ? 0 : parts.map(\.reading.confidence).min() ?? 0
        guard line.reading.letterCount > (letters.max() ?? 0), line.reading.confidence >= least else { return nil }
        return Run(inks: inks, frame: a.frame.union(b.frame), holders: a.holders, lines: [line])
    }
}
