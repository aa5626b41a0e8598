import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

final class LinkTests: XCTestCase {
    private func record(_ seq: Int64, _ payload: EventPayload) -> EventRecord {
        EventRecord(seq: seq, author: "ana", clientOpID: "op\(seq)", serverTime: 0, payload: payload)
    }

    func testAStrokeFromAButtonOffTheRightEdgeLinksToTheNextScreen() throws {
        var s = Sketch()
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        s.line("link", 200, 324, 520, 300, label: "horizontalLine")
        s.squiggle("other", 40, 200, 100)
        let second = Screen(id: "detail", name: "Detail")
        var events: [EventPayload] = [.screenAdded(.main), .screenAdded(second)]
        events += s.strokes.map { .strokeAdded($0) }
        events.append(
            .strokeAdded(
                Stroke(id: "d1", points: [StrokePoint(x: 40, y: 100), StrokePoint(x: 200, y: 100)], screen: "detail")))
        let state = SessionState.fold(events.enumerated().map { record(Int64($0 + 1), $1) })
        var labels = s.labels
        labels["d1"] = "squiggle"
        let recognizer = Recognizer(
            classifier: TableClassifier(labels: labels, wholeLabels: [:], strokes: state.liveStrokes))
        let result = try recognizer.recognize(session: state)
        XCTAssertEqual(result.screens.map(\.screen.id), ["main", "detail"])
        let button = try XCTUnwrap(result.screens[0].elements.first { $0.type == .button })
        XCTAssertEqual(
            result.links,
            [NavigationLinkSpec(fromScreen: "main", fromElement: button.id, toScreen: "detail", strokeId: "link")])
        XCTAssertFalse(result.screens[0].allElements.contains { $0.strokeIds.contains("link") })
    }

    func testALineThatOvershootsTheFrameALittleIsNotALink() {
        let stroke = Stroke(id: "bar", points: [StrokePoint(x: 2, y: 100), StrokePoint(x: 400, y: 100)])
        XCTAssertFalse(LinkRule.isCandidate(stroke, on: .main))
    }

    func testTheDestinationIsTheScreenTheStrokeEndsOn() {
        let screens = [Screen(id: "a", name: "A"), Screen(id: "b", name: "B"), Screen(id: "c", name: "C")]
        let toC = Stroke(
            id: "x", points: [StrokePoint(x: 100, y: 100), StrokePoint(x: 390 + 40 + 390 + 40 + 100, y: 100)])
        XCTAssertEqual(LinkRule.destination(of: toC, from: 0, in: screens), 2)
        let back = Stroke(id: "y", points: [StrokePoint(x: 100, y: 100), StrokePoint(x: -200, y: 100)])
        XCTAssertEqual(LinkRule.destination(of: back, from: 1, in: screens), 0)
        XCTAssertNil(LinkRule.destination(of: back, from: 0, in: screens))
    }
}
