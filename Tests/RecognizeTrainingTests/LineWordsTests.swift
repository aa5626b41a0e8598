import Recognize
import XCTest

@testable import RecognizeTraining

/// How a line of IAM-OnDB is cut into words for the handwriting evaluation: a cut that puts one
/// word's text over another word's ink would score the reader against the wrong truth.
final class LineWordsTests: XCTestCase {
    /// A stroke spanning `x` horizontally and `height` vertically from the baseline.
    private func ink(_ x: ClosedRange<Double>, height: Double = 20) -> [Point2] {
        [Point2(x.lowerBound, 0), Point2((x.lowerBound + x.upperBound) / 2, -height), Point2(x.upperBound, 0)]
    }

    func testAFullStopStandingAloneJoinsItsWordAndIsNeverTakenForOne() throws {
        // "Go home." with the full stop set off further than the words are from each other.
        let go = ink(0...30)
        let home = ink(50...110)
        let stop = ink(140...142, height: 2)
        let line = IAMOnDBLine(id: "l", writer: "3", text: "Go home.", strokes: [go, home, stop])
        let words = try XCTUnwrap(line.words(), "the full stop is not a run of its own")
        XCTAssertEqual(words.map(\.text), ["Go", "home."])
        XCTAssertEqual(words[1].strokes, [home, stop])
    }

    func testACutThatPutsTwoWordsUnderOneTextIsRefused() {
        // "we are here": "we" and "are" overlap (one run), and "here" has a wide gap inside it,
        // so the widest gaps cut "we are" | "he" | "re".
        let line = IAMOnDBLine(
            id: "l", writer: "3", text: "we are here",
            strokes: [ink(0...40), ink(38...80), ink(110...130), ink(150...170)])
        XCTAssertNil(line.words(), "\"we\" would carry two words' ink, \"are\" half a word's")
    }

    func testWordsAsWideAsTheirLettersAreCut() throws {
        let line = IAMOnDBLine(
            id: "l", writer: "3", text: "Sign in now",
            strokes: [ink(0...38), ink(60...76), ink(100...136)])
        let words = try XCTUnwrap(line.words())
        XCTAssertEqual(words.map(\.text), ["Sign", "in", "now"])
    }
}
