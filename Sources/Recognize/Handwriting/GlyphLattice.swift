import Foundation
import SketchModel

/// Every way to cut one handwritten word (its strokes in drawing order) into characters: a
/// character is a run of one to four consecutive strokes that stand together on the line, and
/// each run is read once by the glyph classifier.
struct GlyphLattice {
    /// One candidate character: strokes `start..<end` of the word.
    struct Cut {
        let start: Int
        let end: Int
        let frame: Rect
        /// Probability of each of the 36 case-blind characters (``GlyphLattice/caseBlind`` order).
        let blind: [Double]
        /// The classifier's probabilities, case kept.
        let reading: GlyphReading
        /// Log-score penalty for geometry (a run of specks alone).
        let penalty: Double
    }

    /// The case-blind characters: digits, then letters.
    static let caseBlind: [Character] = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    /// The longest run of strokes one character may take.
    static let maxStrokes = 4

    /// Cuts ending at each stroke index (1...count), keyed by their length.
    let cutsEnding: [[Cut]]
    let strokeCount: Int

    /// The lattice of a word of `strokeCount` strokes (their `boxes`); `read` gives the glyph
    /// classifier's reading of strokes `range` (characters `glyphs`, in the model's order).
    init(strokeCount: Int, boxes: [Rect], letterHeight h: Double, glyphs: [Character], read: (Range<Int>) -> GlyphReading) {
        self.strokeCount = strokeCount
        let blindIndex = Dictionary(uniqueKeysWithValues: Self.caseBlind.enumerated().map { ($1, $0) })
        let map = glyphs.map { blindIndex[Character($0.lowercased())]! }
        var ending = [[Cut]](repeating: [], count: strokeCount + 1)
        for end in stride(from: 1, through: strokeCount, by: 1) {
            for length in 1...Self.maxStrokes where end - length >= 0 {
                let start = end - length
                let members = Array(boxes[start..<end])
                guard let frame = Rect.union(members), Self.standsTogether(members, frame: frame, letterHeight: h) else { continue }
                let reading = read(start..<end)
                var blind = [Double](repeating: 0, count: Self.caseBlind.count)
                for (i, p) in reading.probabilities.enumerated() { blind[map[i]] += p }
                let specks = members.allSatisfy { max($0.width, $0.height) < 0.3 * h }
                ending[end].append(Cut(start: start, end: end, frame: frame, blind: blind, reading: reading, penalty: specks ? 6 : 0))
            }
        }
        cutsEnding = ending
    }

    /// Whether strokes can be one character: any single stroke can; several no wider than two
    /// and a half letter heights, with no gap between them along the line wider than a quarter
    /// of a letter.
    static func standsTogether(_ boxes: [Rect], frame: Rect, letterHeight h: Double) -> Bool {
        guard boxes.count > 1 else { return true }
        guard frame.width <= 2.5 * h else { return false }
        let spans = boxes.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
        var reach = spans[0].1
        for span in spans.dropFirst() {
            if span.0 - reach > 0.25 * h { return false }
            reach = max(reach, span.1)
        }
        return true
    }

    /// The penalty for two neighbouring characters that overlap along the line by more than a
    /// third of the narrower one (they are more likely one character).
    static func overlapPenalty(_ a: Rect, _ b: Rect) -> Double {
        let overlap = max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) / max(min(a.width, b.width), 1)
        return overlap > 0.35 ? 15 * (overlap - 0.35) : 0
    }
}
