import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Two runs of a word that the line geometry left apart (its letters drifting down the page, a
/// descender below its band) are read together and become one line when that reads as writing;
/// runs far apart on the line, or on other lines, stay apart.
final class AdjacentRunsTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }

    /// `word` written in two runs, cut at its middle or after its first `leading` strokes, the
    /// right one moved `shift` points along the line.
    private func halves(of word: String, writer: Int, shift: Double = 0, leading: Int? = nil) throws -> (
        TextFinder, [TextFinder.Run]
    ) {
        let composer = WordComposer(
            glyphs: try VendoredData.glyphs().filter { WriterSplit.standard.test.contains($0.writer) }, boxes: [])
        var rng = SeededGenerator(seed: 7)
        let written = try XCTUnwrap(
            try composer.compose(
                word, writer: writer, boxed: false, origin: Point2(60, 300), idPrefix: "s", using: &rng))
        let inks = written.strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let middle = Rect.union(inks.map(\.frame))!.midX
        let isLeft = { (ink: Ink) in leading.map { ink.order < $0 } ?? (ink.frame.midX < middle) }
        let left = inks.filter(isLeft)
        let right = inks.filter { !isLeft($0) }.map { ink in
            Ink(
                stroke: Stroke(id: ink.id, points: ink.points.map { StrokePoint(x: $0.x + shift, y: $0.y, t: $0.t) }),
                order: ink.order)
        }
        let finder = TextFinder(reader: try Self.reader.get(), cache: AnswerCache(capacity: 64))
        let runs = [left, right].map { part in
            TextFinder.Run(
                inks: part, frame: Rect.union(part.map(\.frame))!, holders: [],
                lines: finder.writingLine(part).map { [$0] } ?? [])
        }
        return (finder, runs)
    }

    func testTwoHalvesOfAWordSideBySideAreReadAsOne() throws {
        let (finder, runs) = try halves(of: "Settings", writer: 33)
        XCTAssertTrue(TextFinder.areAdjacent(runs[0], runs[1]))
        let joined = finder.joiningAdjacentRuns(runs)
        XCTAssertEqual(joined.count, 1)
        XCTAssertEqual(joined.first?.lines.map { $0.reading.text.lowercased() }, ["settings"])
    }

    func testAnUnreadRunLeftOfWritingJoinsIt() throws {
        let (finder, runs) = try halves(of: "Settings", writer: 33, leading: 1)
        XCTAssertEqual(runs.map(\.lines.isEmpty), [true, false], "the S alone is not writing; the rest is")
        let joined = finder.joiningAdjacentRuns(runs)
        XCTAssertEqual(joined.count, 1, "a capital's stem left of its word")
        XCTAssertEqual(joined.first?.lines.map { $0.reading.text.lowercased() }, ["settings"])
    }

    func testRunsFarApartOnTheLineStayApart() throws {
        let (finder, runs) = try halves(of: "Settings", writer: 33, shift: 200)
        XCTAssertFalse(TextFinder.areAdjacent(runs[0], runs[1]))
        XCTAssertEqual(finder.joiningAdjacentRuns(runs).count, 2)
    }
}
