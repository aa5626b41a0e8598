import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Handwriting through the shipped ink reader: words set from the letters of writers it never saw
/// (Chars74k writers 32-35), printed with pen lifts or joined up, are read, and become labels,
/// buttons and placeholders on a screen.
final class HandwritingTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }
    private static let recognizer = Result { try Recognizer.shipped() }

    private func composer() throws -> WordComposer {
        WordComposer(
            glyphs: try VendoredData.glyphs().filter { WriterSplit.standard.test.contains($0.writer) }, boxes: [])
    }

    private func write(
        _ text: String, writer: Int, boxed: Bool = false, at origin: Point2 = Point2(60, 300), seed: UInt64 = 1
    )
        throws -> WordComposer.Composition
    {
        var rng = SeededGenerator(seed: seed)
        return try XCTUnwrap(
            try composer().compose(text, writer: writer, boxed: boxed, origin: origin, idPrefix: "s", using: &rng))
    }

    private func points(_ strokes: [Stroke]) -> [[Point2]] { strokes.map { $0.points.map { Point2($0.x, $0.y) } } }

    func testHeldOutWritersAreReadMostOfTheTime() throws {
        let reader = try Self.reader.get()
        var right = 0
        var total = 0
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
        let result = try Self.recognizer.get().recognize(
            screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [])
        XCTAssertEqual(result.elements.count, 1, "\(result.elements.map(\.type))")
        let label = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(label.type, .label)
        XCTAssertEqual(label.text?.lowercased(), "settings")
        XCTAssertNotNil(label.textConfidence)
        XCTAssertEqual(Set(label.strokeIds), Set(written.writingIDs))
    }

    func testAWordInABoxIsAButtonTitledWithIt() throws {
        let written = try write("Next", writer: 34, boxed: true)
        let result = try Self.recognizer.get().recognize(
            screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [])
        let button = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(result.elements.count, 1)
        XCTAssertEqual(button.type, .button)
        XCTAssertEqual(button.children.first?.text?.lowercased(), "next")
    }

    func testATypedTextWinsOverTheReadOne() throws {
        let written = try write("Email", writer: 32)
        let typed = Correction(seq: 1, author: "a", strokeIDs: written.writingIDs, kind: .text("E-mail address"))
        let result = try Self.recognizer.get().recognize(
            screen: Screen(id: Screen.mainID, name: "Main"), strokes: written.strokes, corrections: [typed])
        let label = try XCTUnwrap(result.elements.first)
        XCTAssertEqual(label.text, "E-mail address")
        XCTAssertNil(label.textConfidence, "a typed text is not a guess")
    }

    /// Written words merged by hand stay words: a label with the text read, never a shape the
    /// classifier makes of the strokes (a slider); relabelled, the element keeps its text.
    func testMergedWritingIsALabelWithItsTextAndARelabelKeepsIt() throws {
        let written = try write("Settings", writer: 33)
        let recognizer = try Self.recognizer.get()
        let screen = Screen(id: Screen.mainID, name: "Main")
        let merged = try recognizer.recognize(
            screen: screen, strokes: written.strokes,
            corrections: [Correction(seq: 1, author: "a", strokeIDs: written.writingIDs, kind: .merge)])
        XCTAssertEqual(merged.elements.map(\.type), [.label])
        XCTAssertEqual(merged.elements.first?.text?.lowercased(), "settings")
        for type in [ElementType.label, .button, .slider] {
            let relabelled = try recognizer.recognize(
                screen: screen, strokes: written.strokes,
                corrections: [
                    Correction(seq: 1, author: "a", strokeIDs: written.writingIDs, kind: .label(type.rawValue))
                ])
            XCTAssertEqual(relabelled.elements.map(\.type), [type])
            XCTAssertEqual(
                relabelled.elements.first?.text?.lowercased(), "settings", "relabelled \(type.rawValue), the text stays"
            )
        }
    }

    func testSquigglesStayPlaceholderLabels() throws {
        let wave = (0..<60).map { i in
            StrokePoint(x: 60 + Double(i) * 3, y: 300 + 6 * sin(Double(i) * 0.9), t: Double(i) * 10)
        }
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

    /// The writing of `written` as one stroke: the pen goes on from each letter to the next.
    private func joinedUp(_ written: WordComposer.Composition) -> [Stroke] {
        let writing = Set(written.writingIDs)
        let points = written.strokes.filter { writing.contains($0.id) }.flatMap(\.points)
        return [Stroke(id: "joined", points: points)] + written.strokes.filter { !writing.contains($0.id) }
    }

    /// Letters of one writer chained into one stroke (the pen goes straight on from each letter
    /// to the next): the reader reads most such words, and each stays one label either way.
    func testAWordWrittenInOneStrokeIsReadAndStaysOneLabel() throws {
        let recognizer = try Self.recognizer.get()
        let reader = try Self.reader.get()
        var read = 0
        let words = ["Search", "Settings", "Continue", "Profile"]
        for (n, text) in words.enumerated() {
            let strokes = joinedUp(try write(text, writer: 32 + n, seed: UInt64(n)))
            XCTAssertEqual(strokes.count, 1)
            if reader.read(points(strokes))?.text.lowercased() == text.lowercased() { read += 1 }
            let result = try recognizer.recognize(
                screen: Screen(id: Screen.mainID, name: "Main"), strokes: strokes, corrections: [])
            XCTAssertEqual(result.elements.map(\.type), [.label], text)
        }
        XCTAssertGreaterThanOrEqual(read, 2, "\(read) of \(words.count) joined-up words read")
    }

    func testLabelsStackedAtAFormsSpacingStaySeparate() throws {
        var strokes: [Stroke] = []
        for (n, text) in ["Email", "Password", "Username"].enumerated() {
            let written = try write(text, writer: 32 + n, at: Point2(60, 200 + Double(n) * 110), seed: UInt64(40 + n))
            strokes += written.strokes.map { Stroke(id: "\(n)-\($0.id)", points: $0.points) }
        }
        let result = try Self.recognizer.get().recognize(
            screen: Screen(id: Screen.mainID, name: "Main"), strokes: strokes, corrections: [])
        let texts = result.elements.flatMap(\.flattened).compactMap(\.text)
        XCTAssertEqual(texts.count, 3, "three labels, not one text: \(texts)")
        XCTAssertFalse(texts.contains { $0.contains("\n") }, "\(texts)")
    }

    func testTwoLinesOfOneTextAtWritingsOwnSpacingAreOneText() {
        let first = Rect(x: 40, y: 300, width: 120, height: 30)
        let second = Rect(x: 40, y: 333, width: 100, height: 30)
        XCTAssertTrue(TextLines.belongTogether(first, second, bothWritten: true))
        XCTAssertFalse(TextLines.belongTogether(first, Rect(x: 40, y: 360, width: 100, height: 30), bothWritten: true))
        XCTAssertTrue(
            TextLines.belongTogether(first, Rect(x: 40, y: 360, width: 100, height: 30), bothWritten: false),
            "squiggles still make paragraphs")
    }

    /// "militarists are": the second word has no ascender, so it is 15 pt tall beside 24; the
    /// 34 pt between them is a word space of the line, not a gap between two labels.
    func testWrittenWordsOnOneLineAreSpacedByTheTallerWord() {
        let militarists = Rect(x: 32, y: 376, width: 132, height: 24)
        let are = Rect(x: 198, y: 377, width: 35, height: 15)
        XCTAssertTrue(TextLines.belongTogether(militarists, are, bothWritten: true))
        XCTAssertFalse(TextLines.belongTogether(militarists, are, bothWritten: false), "squiggles keep their rule")
        XCTAssertFalse(
            TextLines.belongTogether(militarists, Rect(x: 220, y: 377, width: 35, height: 15), bothWritten: true),
            "two labels further apart than twice the line's height stay apart")
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
