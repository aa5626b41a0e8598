import StrokeLog
import XCTest

@testable import Recognize

final class CorrectionTests: XCTestCase {
    private func correction(_ seq: Int64, _ ids: [String], _ kind: Correction.Kind) -> Correction {
        Correction(seq: seq, author: "ana", strokeIDs: ids, kind: kind)
    }

    private func buttonSketch() -> Sketch {
        var s = Sketch()
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        return s
    }

    func testALabelCorrectionSetsTheTypeWithFullConfidence() throws {
        let s = buttonSketch()
        let result = try s.recognize([correction(5, ["r", "t"], .label("textField"))])
        XCTAssertEqual(result.elements.count, 1)
        let field = result.elements[0]
        XCTAssertEqual(field.type, .textField)
        XCTAssertEqual(field.confidence, 1)
        XCTAssertTrue(field.corrected)
        XCTAssertEqual(field.strokeIds, ["r", "t"])
    }

    func testANewStrokeDoesNotUndoACorrection() throws {
        var s = buttonSketch()
        let corrections = [correction(5, ["r", "t"], .label("textField"))]
        let before = try s.recognize(corrections)
        s.squiggle("inside", 60, 322, 40)  // a new stroke inside the corrected box
        s.squiggle("elsewhere", 40, 600, 120)
        let after = try s.recognize(corrections)
        let field = try XCTUnwrap(after.allElements.first { $0.id == before.elements[0].id })
        XCTAssertEqual(field.type, .textField)
        XCTAssertTrue(field.corrected)
        XCTAssertTrue(Set(["r", "t"]).isSubset(of: field.strokeIds))
    }

    func testMergePinsAGroupAndTheRecognizerPicksItsType() throws {
        var s = Sketch()
        s.squiggle("a", 30, 300, 100)
        s.squiggle("b", 200, 400, 100)
        let result = try s.recognize([correction(3, ["a", "b"], .merge)])
        XCTAssertEqual(result.elements.count, 1)
        XCTAssertEqual(Set(result.elements[0].strokeIds), ["a", "b"])
        XCTAssertFalse(result.elements[0].corrected)
    }

    func testSplitMakesEachStrokeItsOwnGroup() throws {
        var s = Sketch()
        s.squiggle("a", 30, 300, 300)
        s.squiggle("b", 30, 318, 300)
        XCTAssertEqual(try s.recognize().elements.count, 1)
        let split = try s.recognize([correction(2, ["a", "b"], .split)])
        XCTAssertEqual(split.elements.map(\.strokeIds), [["a"], ["b"]])
    }

    func testIgnoreRemovesStrokesAndUnignoreBringsThemBack() throws {
        var s = buttonSketch()
        s.squiggle("noise", 40, 600, 100)
        XCTAssertEqual(try s.recognize([correction(2, ["noise"], .ignore(true))]).elements.count, 1)
        XCTAssertEqual(
            try s.recognize([correction(2, ["noise"], .ignore(true)), correction(3, ["noise"], .ignore(false))])
                .elements.count, 2)
    }

    func testTypedTextGoesToTheElementTheStrokesForm() throws {
        let s = buttonSketch()
        let result = try s.recognize([correction(2, ["r", "t"], .text("Sign in"))])
        XCTAssertEqual(result.elements[0].text, "Sign in")
        XCTAssertNil(result.elements[0].children.first?.text)
    }

    func testTheNewestCorrectionWins() throws {
        let s = buttonSketch()
        let result = try s.recognize([
            correction(9, ["r", "t"], .label("container")), correction(4, ["r", "t"], .label("textField")),
            correction(10, ["r", "t"], .text("B")), correction(6, ["r", "t"], .text("A")),
        ])
        XCTAssertEqual(result.elements[0].type, .container)
        XCTAssertEqual(result.elements[0].text, "B")
    }

    func testAnUnknownLabelIsIgnoredRatherThanCrashing() throws {
        let s = buttonSketch()
        XCTAssertEqual(try s.recognize([correction(2, ["r", "t"], .label("spaceship"))]).elements.first?.type, .button)
    }
}

/// Corrections as the daemon sees them: events in a session log, folded into `SessionState`.
final class SessionCorrectionTests: XCTestCase {
    func testARelabelInTheLogSurvivesALaterStroke() throws {
        var s = Sketch()
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        s.squiggle("later", 40, 600, 120)
        var events: [EventPayload] = s.strokes.dropLast().map { .strokeAdded($0) }
        events.append(.labelCorrected(strokeIDs: ["r", "t"], label: "textField"))
        events.append(.strokeAdded(s.strokes.last!))
        let state = SessionState.fold(
            events.enumerated().map {
                EventRecord(seq: Int64($0 + 1), author: "ana", clientOpID: "op\($0)", serverTime: 0, payload: $1)
            })
        let screen = try s.recognizer.recognize(session: state).screens[0]
        let field = try XCTUnwrap(screen.elements.first { $0.strokeIds.contains("r") })
        XCTAssertEqual(field.type, .textField)
        XCTAssertTrue(field.corrected)
        XCTAssertTrue(screen.elements.contains { $0.strokeIds == ["later"] && $0.type == .label })
    }
}
