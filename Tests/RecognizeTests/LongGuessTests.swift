import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

/// A long word read unsurely is kept as a guess (its text shown as one) when its letters fill
/// the line's width; a flat squiggle, in which the reader finds far fewer letters than its width
/// holds, stays a placeholder.
final class LongGuessTests: XCTestCase {
    private func reading(_ text: String, _ confidence: Double) -> ReadText {
        ReadText(
            text: text, confidence: confidence, letterCount: text.filter { $0.isLetter || $0.isNumber }.count,
            evidence: ReadingConfidence.Evidence(share: 0.1, fromWords: false, perFrame: -0.5, letters: text.count),
            fromLexicon: false)
    }

    /// One stroke `width` by `height` points that swings up and down as it goes.
    private func line(width: Double, height: Double) -> [Ink] {
        let points = (0...80).map { k in
            StrokePoint(x: 40 + width * Double(k) / 80, y: 300 + (k % 8 < 4 ? 0 : height))
        }
        return [Ink(stroke: Stroke(id: "w", points: points), order: 0)]
    }

    func testALongWordWhoseLettersFillItsLineIsAGuess() {
        XCTAssertTrue(TextFinder.isLongGuess(reading("duaghter", 0.2), line(width: 190, height: 40)))
        XCTAssertTrue(TextFinder.isGuess(reading("duaghter", 0.2)))
    }

    func testAFlatSquiggleReadAsFewLettersIsNot() {
        XCTAssertFalse(
            TextFinder.isLongGuess(reading("swmememmm", 0.16), line(width: 370, height: 10)),
            "nine letters in a line 37 heights wide")
    }

    func testShortOrVeryUnsureReadingsAreNot() {
        XCTAssertFalse(TextFinder.isLongGuess(reading("will", 0.2), line(width: 60, height: 30)), "four letters")
        XCTAssertFalse(
            TextFinder.isLongGuess(reading("duaghter", 0.05), line(width: 190, height: 40)), "under the guess bar")
    }

    func testSureWritingIsNoGuess() {
        XCTAssertFalse(TextFinder.isGuess(reading("daughter", 0.4)))
        XCTAssertFalse(TextFinder.isGuess(reading("to", 0.8)))
    }
}

/// A word written in one stroke may be taller than wide ("be" or "of" joined up, with their
/// ascenders): it is still tried as a word.
final class OneStrokeWordTests: XCTestCase {
    func testATallOneStrokeWordMayBeAWord() {
        let be = (0...40).map { k in
            StrokePoint(x: 300 + 36 * Double(k) / 40, y: 160 + 47 * abs(sin(Double(k) / 6)))
        }
        XCTAssertTrue(TextFinder.mayBeAWord(Ink(stroke: Stroke(id: "be", points: be), order: 0)), "36 by 47 pt")
        let stem = (0...40).map { k in StrokePoint(x: 300 + 10 * Double(k) / 40, y: 160 + 47 * abs(sin(Double(k) / 6)))
        }
        XCTAssertFalse(TextFinder.mayBeAWord(Ink(stroke: Stroke(id: "l", points: stem), order: 0)), "10 by 47 pt")
    }
}
