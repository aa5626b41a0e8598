import Foundation
import SketchModel
@testable import RecognizeTraining
import StrokeLog
import XCTest
@testable import Recognize

/// Handwriting through the shipped glyph model: words written by writers the model never saw
/// (Chars74k writers 32-35) are read, and become labels, buttons and placeholders on a screen.
final class HandwritingTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }
    private static let recognizer = Result { try Recognizer.shipped() }

    private func composer() throws -> WordComposer {
        WordComposer(glyphs: try VendoredData.glyphs().filter { WriterSplit.standard.test.contains($0.writer) }, boxes: [])
    }

    private func write(_ text: String, writer: Int, boxed: Bool = false, at origin: Point2 = Point2(60, 300), seed: UInt64 = 1)
        throws -> WordComposer.Composition
    {
        var rng = SeededGenerator(seed: seed)
        return try XCTUnwrap(try composer().compose(text, writer: writer, boxed: boxed, origin: origin, idPrefix: "s", using: &rng))
    }

    private func points(_ strokes: [Stroke]) -> [[Point2]] { strokes.map { $0.points.map { Point2($0.x, $0.y) } } }

    func testHeldOutWritersAreReadMostOfTheTime() throws {
        let reader = try Self.reader.get()
        var right = 0, total = 0
        for writer in WriterSplit.standard.test {
            for (n, word) in ["Email", "Settings", "Sign in", "Next", "Room 42", "Anna"].enumerated() {
                let written = try write(word, writer: writer, seed: UInt64(writer * 10 + n))
                total += 1
                if reader.read(points(written.strokes))?.text.lowercased() == word.lowercased() { right += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(Double(right) / Double(total), 0.7, "\(right) of \(total) read")
    }

    func testAWordAloneIsALabelWithItsTextAndConfidence() throws {
        let written = try write("Settings", writer: 33)
        let result = try Self.recognizer.get().recognize(screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [])
        XCTAssertEqual(result.elements.count, 1, "\(result.elements.map(\.type))")
        let label = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(label.type, .label)
        XCTAssertEqual(label.text?.lowercased(), "settings")
        XCTAssertNotNil(label.textConfidence)
        XCTAssertEqual(Set(label.strokeIds), Set(written.writingIDs))
    }

    func testAWordInABoxIsAButtonTitledWithIt() throws {
        let written = try write("Next", writer: 34, boxed: true)
        let result = try Self.recognizer.get().recognize(screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [])
        let button = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(result.elements.count, 1)
        XCTAssertEqual(button.type, .button)
        XCTAssertEqual(button.children.first?.text?.lowercased(), "next")
    }

    func testATypedTextWinsOverTheReadOne() throws {
        let written = try write("Email", writer: 32)
        let typed = Correction(seq: 1, author: "a", strokeIDs: written.writingIDs, kind: .text("E-mail address"))
        let result = try Self.recognizer.get().recognize(screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [typed])
        let label = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(label.text, "E-mail address")
        XCTAssertNil(label.textConfidence, "a typed text is not a guess")
    }

    func testSquigglesStayPlaceholderLabels() throws {
        let wave = (0..<60).map { i in StrokePoint(x: 60 + Double(i) * 3, y: 300 + 6 * sin(Double(i) * 0.9), t: Double(i) * 10) }
        let result = try Self.recognizer.get().recognize(
            screen: Screen(id: Screen.mainID, name: "Main"), strokes: [Stroke(id: "s1", points: wave)], corrections: [])
        XCTAssertEqual(result.elements.map(\.type), [.label])
        XCTAssertNil(result.elements[0].text)
        XCTAssertNil(result.elements[0].textConfidence)
    }

    func testWordsOnOneLineAreSplitAtSpaces() {
        let boxes = [0.0, 14, 28, 70, 84].map { Rect(x: $0, y: 0, width: 10, height: 20) }
        XCTAssertEqual(LineGeometry(boxes: boxes).words, [[0, 1, 2], [3, 4]])
    }

    func testTheGlyphModelFileRoundTripsAndIsNotTakenForTheShapeModel() throws {
        let model = try Self.reader.get().glyphs.model
        let bytes = model.encoded()
        XCTAssertEqual(try GlyphModel(bytes: bytes), model)
        XCTAssertThrowsError(try ModelFile.decode(bytes)) {
            XCTAssertEqual($0 as? ModelFileError, .featureSpecMismatch(expected: FeatureSpec.version, found: GlyphFeatures.version))
        }
    }

    /// The finder's reader gives up before decoding when every candidate character is no
    /// character with more than the finder's threshold (a row of boxes): only lines that would
    /// not read as writing anyway, and every other line reads as without the shortcut.
    func testGivingUpEarlyOnlySkipsLinesThatAreNoWriting() throws {
        let reader = try Self.reader.get()
        var lines: [[[Point2]]] = []
        for (n, word) in ["Email", "Next", "Room 42", "Help", "Sign in"].enumerated() {
            lines.append(points(try write(word, writer: 32 + n % 4, seed: UInt64(n)).strokes))
        }
        for count in 2...4 {  // the sessions bench's rows of 77 x 54 pt boxes, 20.5 pt apart
            lines.append((0..<count).map { k in
                let x = 10 + Double(k) * 97.5
                return [(x, 60.0), (x + 77, 60), (x + 77, 114), (x, 114), (x, 60)].map { Point2($0.0, $0.1) }
            })
        }
        let pool = try VendoredData.doodlePool { DrawingSource.real.keeps($0) }
        for label in ["star", "avatar", "checkbox", "switch", "square", "squiggle"] {
            let drawings = pool.drawings[label, default: []].prefix(3)
            lines.append(drawings.enumerated().flatMap { k, drawing in
                drawing.map { $0.map { Point2(20 + Double(k) * 70 + $0.0 / 5, 300 + $0.1 / 5) } }
            })
        }
        var skipped = 0
        for (n, line) in lines.enumerated() {
            let whole = reader.read(line)
            guard let early = reader.read(line, glyphReadings: nil, noneAbove: TextFinder.maxNone) else {
                skipped += 1
                XCTAssertFalse(whole.map(TextFinder.isWriting) ?? false, "line \(n) is writing")
                continue
            }
            XCTAssertEqual(early, whole, "line \(n)")
        }
        XCTAssertGreaterThanOrEqual(skipped, 3, "the rows of boxes are given up early")
        XCTAssertGreaterThanOrEqual(lines.count - skipped, 5, "the words are read")
    }

    func testAReadingIsCachedByItsStrokes() throws {
        let written = try write("Help", writer: 35)
        let finder = TextFinder(reader: try Self.reader.get(), cache: AnswerCache())
        let inks = written.strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let first = finder.lines(in: inks)
        XCTAssertEqual(finder.cache.count, 1)
        XCTAssertEqual(finder.lines(in: inks).map(\.reading), first.map(\.reading))
        XCTAssertEqual(finder.cache.count, 1, "the same strokes are not read again")
    }
}
