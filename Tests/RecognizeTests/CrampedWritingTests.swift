import SketchModel
import XCTest

@testable import Recognize

/// Writing read unsurely in a box no bigger than a checkbox (a tick read as "TIeAf") is a drawing
/// the reader took for words: the classifier names it instead. Real words keep their reading,
/// and so do small words read surely.
final class CrampedWritingTests: XCTestCase {
    private let canvas = Rect(x: 0, y: 0, width: 390, height: 844)

    /// What the composer makes of the strokes of `sketch` read as the words `text`.
    private func composed(
        _ sketch: Sketch, readAs text: String, confidence: Double = 0.5, checkedWord: Bool = false
    ) -> [Part] {
        let inks = sketch.strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let reading = ReadText(
            text: text, confidence: confidence, letterCount: text.count,
            evidence: .init(share: 0.5, fromWords: false, perFrame: -0.5, letters: text.count), fromLexicon: false)
        let writing = Atom(
            writing: TextFinder.Line(
                inks: inks, reading: reading, needsShapeCheck: checkedWord, isCheckedWord: checkedWord))
        let classifier = sketch.classifier
        let composer = Composer(canvas: canvas) { group in
            classifier.classify(group.inks.map(\.points), frame: self.canvas)
        }
        return composer.compose([writing])
    }

    func testACheckboxReadAsFiveLettersIsACheckbox() {
        var s = Sketch()
        s.rect("box", 316, 211, 24, 24)
        s.line("tick", 320, 222, 336, 216, label: "forward")
        s.whole(["box", "tick"], "checkbox")
        XCTAssertEqual(composed(s, readAs: "TIeAf").map(\.type), [.checkbox])
    }

    func testAWordWrittenWiderThanTallStaysALabelWithItsText() {
        var s = Sketch()
        s.squiggle("word", 40, 300, 90, height: 20)
        let parts = composed(s, readAs: "Email")
        XCTAssertEqual(parts.map(\.type), [.label])
        XCTAssertEqual(parts.first?.element.text, "Email")
    }

    /// "the" written small in one stroke (28 x 22 pt), read at 0.95: words, not a pictogram.
    func testASmallWordReadSurelyStaysALabel() {
        var s = Sketch()
        s.squiggle("word", 240, 281, 28, height: 22)
        s.whole(["word"], "star")
        let parts = composed(s, readAs: "the", confidence: 0.95)
        XCTAssertEqual(parts.map(\.type), [.label])
        XCTAssertEqual(parts.first?.element.text, "the")
        XCTAssertEqual(composed(s, readAs: "the", confidence: 0.5).first?.element.text, nil)
    }

    /// "the" written in a small square (31 x 26 pt) read at 0.5: a common word the classifier saw
    /// no shape in is words, however cramped.
    func testACommonWordTheClassifierSawNoShapeInStaysALabel() {
        var s = Sketch()
        s.squiggle("word", 298, 286, 31, height: 26)
        s.whole(["word"], "star")
        let parts = composed(s, readAs: "the", confidence: 0.5, checkedWord: true)
        XCTAssertEqual(parts.map(\.type), [.label])
        XCTAssertEqual(parts.first?.element.text, "the")
    }
}
