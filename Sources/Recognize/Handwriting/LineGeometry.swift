import SketchModel

/// The geometry of one line of handwriting: its letter height, and where the gaps between
/// words are.
struct LineGeometry {
    /// The boxes of the strokes.
    let boxes: [Rect]
    /// Typical letter height (the median height of the line's ink columns).
    let letterHeight: Double
    /// Stroke indexes of each word, left to right; each word's strokes in drawing order.
    let words: [[Int]]

    init(boxes: [Rect]) {
        self.boxes = boxes
        let columns = Self.columns(boxes)
        letterHeight = Self.letterHeight(columns: columns, boxes: boxes)
        words = Self.words(columns: columns, boxes: boxes, letterHeight: letterHeight)
    }

    /// The typical letter height of a line of strokes with these boxes, without finding its words.
    static func letterHeight(of boxes: [Rect]) -> Double { letterHeight(columns: columns(boxes), boxes: boxes) }

    private static func letterHeight(columns: [[Int]], boxes: [Rect]) -> Double {
        let heights = columns.map { Rect.union($0.map { boxes[$0] })!.height }.sorted()
        return max(heights.isEmpty ? 1 : heights[heights.count / 2], 1)
    }

    /// Strokes whose x-ranges overlap substantially (a letter's parts, a dot over its stem), as
    /// columns ordered left to right.
    static func columns(_ boxes: [Rect]) -> [[Int]] {
        var sets = DisjointSets(count: boxes.count)
        let order = boxes.indices.sorted { (boxes[$0].minX, $0) < (boxes[$1].minX, $1) }
        for (n, i) in order.enumerated() {
            for j in order[(n + 1)...] {
                if boxes[j].minX > boxes[i].maxX { break }
                let overlap = min(boxes[i].maxX, boxes[j].maxX) - boxes[j].minX
                if overlap >= 0.5 * max(min(boxes[i].width, boxes[j].width), 1) { sets.union(i, j) }
            }
        }
        var members: [Int: [Int]] = [:]
        for i in boxes.indices { members[sets.find(i), default: []].append(i) }
        return members.values.map { ($0, Rect.union($0.map { boxes[$0] })!.minX) }.sorted {
            ($0.1, $0.0[0]) < ($1.1, $1.0[0])
        }.map(\.0)
    }

    /// Splits the columns into words at gaps wider than a space: over 0.42 letter heights, and
    /// clearly wider than the line's usual gap between letters.
    static func words(columns: [[Int]], boxes: [Rect], letterHeight h: Double) -> [[Int]] {
        guard !columns.isEmpty else { return [] }
        let frames = columns.map { Rect.union($0.map { boxes[$0] })! }
        var reach = frames[0].maxX
        var gaps: [Double] = []
        for frame in frames.dropFirst() {
            gaps.append(frame.minX - reach)
            reach = max(reach, frame.maxX)
        }
        let positive = gaps.map { max($0, 0) }.sorted()
        let usual = positive.isEmpty ? 0 : positive[positive.count / 2]
        let space = max(0.42 * h, 1.8 * usual + 0.1 * h)
        var words: [[Int]] = [columns[0]]
        for (gap, column) in zip(gaps, columns.dropFirst()) {
            if gap > space { words.append(column) } else { words[words.count - 1] += column }
        }
        return words.map { $0.sorted() }
    }
}
