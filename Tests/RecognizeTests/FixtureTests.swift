import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Golden canvas files (Fixtures/*.json: a canvas file plus its ground truth) through the shipped
/// model: a login form, a settings list with toggles, a feed with navigation and tab bars, and a
/// two-screen flow with a link.
final class FixtureTests: XCTestCase {
    private static let recognizer = Result { try Recognizer.shipped() }

    private struct Truth: Decodable {
        let truth: [TruthElement]
        let intendedLayout: String
    }

    /// Loads a fixture onto screen `id`; `prefix` keeps stroke ids unique across a session's screens.
    private func load(_ name: String, screen id: String = Screen.mainID, prefix: String = "") throws -> SyntheticScreen
    {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/\(name).json")
        let data = try Data(contentsOf: url)
        let canvas = try CanvasFile.parse(data)
        let truth = try JSONDecoder().decode(Truth.self, from: data)
        return SyntheticScreen(
            kind: name, screen: canvas.screen(id: id, name: name),
            strokes: try canvas.strokes(onScreen: id).map { stroke in
                var renamed = stroke
                renamed.id = prefix + stroke.id
                return renamed
            }, truth: truth.truth,
            intendedLayout: truth.intendedLayout, strokeTags: [:], wholeTags: [:])
    }

    private func recognize(_ fixture: SyntheticScreen) throws -> (ScreenRecognition, ScreenScore) {
        let result = try Self.recognizer.get().recognize(
            screen: fixture.screen, strokes: fixture.strokes, corrections: [])
        return (result, ScreenEvaluator.score(result, against: fixture))
    }

    private func assertGood(_ score: ScreenScore, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(
            Double(score.matched), 0.9 * Double(score.expected), "missed \(score.missed)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(
            Double(score.matched), 0.9 * Double(score.predicted), "spurious \(score.spurious)", file: file, line: line)
        XCTAssertTrue(score.layoutMatches, "layout", file: file, line: line)
    }

    func testLoginForm() throws {
        let (result, score) = try recognize(try load("login-form"))
        assertGood(score)
        XCTAssertEqual(result.elements.filter { $0.type == .textField }.count, 2)
        XCTAssertEqual(result.elements.filter { $0.type == .button }.count, 1)
    }

    func testSettingsListWithToggles() throws {
        let (result, score) = try recognize(try load("settings-toggles"))
        assertGood(score)
        XCTAssertEqual(result.elements.map(\.type), [.navigationBar, .list])
        XCTAssertGreaterThanOrEqual(result.allElements.filter { $0.type == .toggle }.count, 4)
    }

    func testFeedWithNavigationAndTabBars() throws {
        let (result, score) = try recognize(try load("feed-bars"))
        assertGood(score)
        XCTAssertEqual(result.elements.map(\.type), [.navigationBar, .list, .tabBar])
        XCTAssertGreaterThanOrEqual(result.elements[2].children.count, 3)
    }

    func testTwoScreenFlowLinksTheButtonToTheSecondScreen() throws {
        let main = try load("flow-main")
        let detail = try load("flow-detail", screen: "detail", prefix: "d-")
        var events: [EventPayload] = [.screenAdded(main.screen), .screenAdded(detail.screen)]
        events += (main.strokes + detail.strokes).map { .strokeAdded($0) }
        let state = SessionState.fold(
            events.enumerated().map {
                EventRecord(seq: Int64($0 + 1), author: "ana", clientOpID: "op\($0)", serverTime: 0, payload: $1)
            })
        let session = try Self.recognizer.get().recognize(session: state)
        XCTAssertEqual(session.screens.map(\.screen.id), ["main", "detail"])
        let button = try XCTUnwrap(session.screens[0].elements.last { $0.type == .button })
        XCTAssertEqual(
            session.links,
            [NavigationLinkSpec(fromScreen: "main", fromElement: button.id, toScreen: "detail", strokeId: "link1")])
        assertGood(ScreenEvaluator.score(session.screens[0], against: main))
        assertGood(ScreenEvaluator.score(session.screens[1], against: detail))
    }
}
