import Foundation
import SessionProtocol
import SketchModel
import WebSocketClient
import XCTest

@testable import SessionDaemon

/// The results service through an in-memory transport, with the shipped recognizer: what is
/// drawn is recognised and its code broadcast, corrections change it, late joiners get the
/// current results, and replays and exports answer.
final class ResultsServiceTests: XCTestCase {
    private var harness: ServicesHarness!
    private var alice: TestPeer!
    private var session: SessionCreatedMessage!

    override func setUpWithError() throws {
        harness = try ServicesHarness()
        alice = try harness.connect("alice")
        session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
    }

    override func tearDownWithError() throws {
        try harness.tearDown()
    }

    /// The recognition of `main` at `seq` or later that `peer` receives.
    private func recognition(_ peer: TestPeer, atLeast seq: Int64) throws -> RecognitionMessage {
        try harness.waitFor(peer, \.recognition, where: { $0.screen == "main" && $0.seq >= seq })
    }

    func testADrawnBoxIsRecognisedAndItsCodeGoesToEveryMember() throws {
        let bob = try harness.connect("bob")
        try harness.join(bob, session.session, token: session.viewToken)
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200)).ack)
        for peer in [alice!, bob] {
            let seen = try recognition(peer, atLeast: ack.seq)
            XCTAssertEqual(seen.elements.count, 1, "\(peer.clientId): \(seen.elements)")
            XCTAssertEqual(seen.elements.first?.strokeIds, ["box"])
            XCTAssertNil(seen.detections, "only watchers get the raw detections")
            // The empty session's code went out when the room opened; the box's comes as a diff.
            let diff = try harness.waitFor(peer, \.codeDiff, where: { $0.seq >= ack.seq })
            XCTAssertTrue(
                diff.files.contains { $0.hunks?.isEmpty == false || $0.text != nil }, "\(diff.files.map(\.path))")
            harness.send(.getCode, from: peer)
            let code = try harness.waitFor(peer, \.code, where: { $0.seq >= ack.seq })
            XCTAssertTrue(code.files.contains { $0.text.contains("struct") }, "\(code.files.map(\.path))")
        }
        let second = try XCTUnwrap(try harness.op(alice, "a2", SketchdClient.box(id: "box2", x: 40, y: 400)).ack)
        let diff = try harness.waitFor(bob, \.codeDiff, where: { $0.seq >= second.seq })
        XCTAssertFalse(diff.files.isEmpty, "the second box changes the code")
    }

    func testACorrectionChangesWhatIsRecognised() throws {
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200)).ack)
        let before = try XCTUnwrap(try recognition(alice, atLeast: ack.seq).elements.first)
        let wanted: ElementType = before.type == .image ? .textField : .image
        let corrected = try XCTUnwrap(
            try harness.op(
                alice, "a2",
                [
                    "kind": "labelCorrected", "strokeIds": ["box"],
                    "label": wanted.rawValue,
                ]
            ).ack)
        let after = try XCTUnwrap(try recognition(alice, atLeast: corrected.seq).elements.first)
        XCTAssertEqual(after.type, wanted)
        XCTAssertTrue(after.corrected)
    }

    func testALateJoinerGetsTheCurrentResultsOnceCaughtUp() throws {
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200)).ack)
        let published = try recognition(alice, atLeast: ack.seq)
        try harness.waitFor(alice, \.codeDiff, where: { $0.seq >= ack.seq })

        let carol = try harness.connect("carol")
        try harness.join(carol, session.session, token: session.viewToken)
        let caughtUpAt = try XCTUnwrap(carol.received.firstIndex { $0.caughtUp != nil })
        let results = try XCTUnwrap(
            carol.received.firstIndex { $0.recognition != nil }
                ?? {
                    try recognition(carol, atLeast: ack.seq)
                    return carol.received.firstIndex { $0.recognition != nil }
                }())
        XCTAssertGreaterThan(results, caughtUpAt, "results come after caughtUp")
        XCTAssertEqual(carol.received[results].recognition, published)
        try harness.waitFor(carol, \.code, where: { $0.seq == published.seq })
    }

    func testOnlyAWatcherGetsTheDetections() throws {
        let bob = try harness.connect("bob")
        try harness.join(bob, session.session, token: session.editToken)
        harness.send(.watchDetections(true), from: bob)
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200)).ack)
        XCTAssertNotNil(try recognition(bob, atLeast: ack.seq).detections)
        XCTAssertNil(try recognition(alice, atLeast: ack.seq).detections)
    }

    func testAReplayAnswersWithTheStateAndResultsAtItsSeq() throws {
        try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200))
        try harness.op(alice, "a2", SketchdClient.box(id: "box2", x: 40, y: 400))
        harness.send(.replay(toSeq: 1), from: alice)
        let replay = try harness.waitFor(alice, \.replayState)
        XCTAssertEqual(replay.seq, 1)
        XCTAssertEqual(replay.strokes.map(\.id), ["box"])
        XCTAssertEqual(replay.recognition?.first?.elements.count, 1)
        XCTAssertFalse(replay.files?.isEmpty ?? true)
    }

    func testAnExportIsSentAndADatasetNeedsConsent() throws {
        try harness.op(alice, "a1", SketchdClient.box(id: "box", x: 40, y: 200))
        harness.send(.export(format: "swift", toSeq: nil), from: alice)
        let export = try harness.waitFor(alice, \.exportResult)
        XCTAssertEqual(export.format, "swift")
        let source = String(decoding: try XCTUnwrap(Data(base64Encoded: export.base64)), as: UTF8.self)
        XCTAssertTrue(source.contains("import SwiftUI"), source)

        harness.send(.export(format: "dataset", toSeq: nil), from: alice)
        XCTAssertEqual(try harness.waitFor(alice, \.error).code, .noConsent)
    }
}
