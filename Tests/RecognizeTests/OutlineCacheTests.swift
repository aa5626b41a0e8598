import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

/// The handwriting finder's cache of which strokes draw a box's outline (``PipelineCaches/outlines``):
/// a finder that has seen other boxes finds the same boxes a fresh one does.
final class OutlineCacheTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }

    /// A box drawn in four sides with two letter-sized strokes inside, `top` points down the screen;
    /// `name` keeps the stroke ids of two boxes apart.
    private func boxedLetters(top: Double, name: String) -> (inks: [Ink], groups: [StrokeGroup]) {
        func line(_ id: String, _ from: (Double, Double), _ to: (Double, Double)) -> Stroke {
            let points = (0...10).map { k in
                StrokePoint(
                    x: from.0 + (to.0 - from.0) * Double(k) / 10, y: top + from.1 + (to.1 - from.1) * Double(k) / 10)
            }
            return Stroke(id: "\(name)-\(id)", points: points)
        }
        func letter(_ id: String, x: Double) -> Stroke {
            Stroke(
                id: "\(name)-\(id)",
                points: (0...8).map { k in StrokePoint(x: x + Double(k) * 2.5, y: top + 40 + (k % 2 == 0 ? 0 : 20)) })
        }
        let strokes = [
            line("top", (0, 0), (200, 0)), line("right", (200, 0), (200, 100)), line("bottom", (200, 100), (0, 100)),
            line("left", (0, 100), (0, 0)), letter("a", x: 40), letter("b", x: 120),
        ]
        let inks = strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        return (inks, [StrokeGroup(Array(inks[0..<4])), StrokeGroup([inks[4]]), StrokeGroup([inks[5]])])
    }

    func testAWarmFinderFindsTheBoxesAFreshOneDoes() throws {
        let reader = try Self.reader.get()
        let warm = TextFinder(reader: reader, cache: AnswerCache())
        let first = boxedLetters(top: 0, name: "first")
        let second = boxedLetters(top: 300, name: "second")
        _ = warm.boxes(around: first.inks, groups: first.groups)

        let fresh = TextFinder(reader: reader, cache: AnswerCache()).boxes(around: second.inks, groups: second.groups)
        XCTAssertEqual(fresh.outlines, [0, 1, 2, 3], "the four sides draw one box")
        XCTAssertEqual(fresh.holders[4], [0], "the box holds the letters")
        let again = warm.boxes(around: second.inks, groups: second.groups)
        XCTAssertEqual(again.outlines, fresh.outlines)
        XCTAssertEqual(again.holders, fresh.holders)
        XCTAssertEqual(warm.groupOutlines.count, 2, "one answer for each box's strokes")
    }
}
