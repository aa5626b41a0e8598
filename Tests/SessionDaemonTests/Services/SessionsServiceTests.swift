import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

@testable import SessionDaemon

/// The sessions service through an in-memory transport: joining, ops with their acks and
/// broadcasts, exactly-once retries, roles, catch-up, undo and leaving, without a socket.
final class SessionsServiceTests: XCTestCase {
    private var harness: ServicesHarness!

    override func setUpWithError() throws {
        harness = try ServicesHarness()
    }

    override func tearDownWithError() throws {
        try harness.tearDown()
    }

    /// A session of two editors: alice created it.
    private func twoEditors() throws -> (alice: TestPeer, bob: TestPeer, session: SessionCreatedMessage) {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        let bob = try harness.connect("bob")
        try harness.join(bob, session.session, token: session.editToken)
        return (alice, bob, session)
    }

    func testAJoinSaysWhoIsThereAndTheOthersHearOfIt() throws {
        let (alice, bob, session) = try twoEditors()
        let joined = try XCTUnwrap(bob.received.compactMap(\.joined).first)
        XCTAssertEqual(joined.session, session.session)
        XCTAssertEqual(joined.role, .edit)
        XCTAssertEqual(joined.you, "bob")
        XCTAssertEqual(Set(joined.participants.map(\.clientId)), ["alice", "bob"])
        try harness.waitFor(alice, \.participant, where: { $0.clientId == "bob" })
    }

    func testAnOpIsAcknowledgedWithItsSeqAndBroadcastToTheOthers() throws {
        let (alice, bob, _) = try twoEditors()
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.stroke(id: "s1")).ack)
        XCTAssertEqual(ack.seq, 1)
        let events = try harness.waitFor(bob, \.events)
        XCTAssertEqual(events.records.map(\.seq), [1])
        XCTAssertEqual(events.records.first?.author, "alice")
        try harness.waitFor(alice, \.events, where: { $0.records.last?.seq == 1 })
        XCTAssertEqual(bob.state.liveStrokes.map(\.id).sorted(), ["s1"])
        XCTAssertEqual(alice.state.stateHash, bob.state.stateHash)
    }

    func testARetriedOpIsStoredOnceAndAnsweredAsBefore() throws {
        let (alice, bob, _) = try twoEditors()
        let first = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.stroke(id: "s1")).ack)
        let retry = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.stroke(id: "s1")).ack)
        XCTAssertEqual(retry.seq, first.seq)
        let next = try XCTUnwrap(try harness.op(alice, "a2", SketchdClient.stroke(id: "s2")).ack)
        XCTAssertEqual(next.seq, 2, "the retry took no seq")
        try harness.waitFor(bob, \.events, where: { $0.records.last?.seq == 2 })
        XCTAssertEqual(bob.received.compactMap(\.events).flatMap(\.records).map(\.seq), [1, 2])
    }

    func testAViewerIsRefusedOpsButSeesThem() throws {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        let viewer = try harness.connect("viewer")
        let (joined, _) = try harness.join(viewer, session.session, token: session.viewToken)
        XCTAssertEqual(joined.role, .view)
        let refusal = try XCTUnwrap(try harness.op(viewer, "v1", SketchdClient.stroke(id: "v")).error)
        XCTAssertEqual(refusal.code, .readOnly)
        try harness.op(alice, "a1", SketchdClient.stroke(id: "s1"))
        try harness.waitFor(viewer, \.events, where: { $0.records.last?.seq == 1 })
        XCTAssertEqual(viewer.state.liveStrokes.map(\.id).sorted(), ["s1"])
    }

    func testAWrongTokenLooksLikeAnUnknownSession() throws {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        let mallory = try harness.connect("mallory")
        // One character changed: "x" unless the token starts with one (one run in 64 did).
        let wrong = (session.editToken.first == "x" ? "y" : "x") + session.editToken.dropFirst()
        XCTAssertNotEqual(wrong, session.editToken)
        harness.send(.join(.init(session: session.session, token: wrong)), from: mallory)
        XCTAssertEqual(try harness.waitFor(mallory, \.error).code, .badToken)
        harness.send(
            .join(.init(session: "s-" + String(repeating: "0", count: 32), token: session.editToken)), from: mallory)
        XCTAssertEqual(try harness.waitFor(mallory, \.error).code, .badToken)
    }

    func testAJoinFromSeqZeroCatchesUpOnEverythingThenGoesLive() throws {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        for index in 1...5 { try harness.op(alice, "a\(index)", SketchdClient.stroke(id: "s\(index)")) }
        try harness.waitFor(alice, \.events, where: { $0.records.last?.seq == 5 })

        let carol = try harness.connect("carol")
        let (joined, caughtUp) = try harness.join(carol, session.session, token: session.editToken, lastSeq: 0)
        XCTAssertEqual(joined.headSeq, 5)
        XCTAssertEqual(caughtUp.seq, 5)
        XCTAssertEqual(carol.state.lastSeq, 5)
        XCTAssertEqual(caughtUp.stateHash, carol.state.stateHash, "what carol folded is the session's state")
        XCTAssertEqual(caughtUp.stateHash, alice.state.stateHash)

        try harness.op(alice, "a6", SketchdClient.stroke(id: "s6"))
        try harness.waitFor(carol, \.events, where: { $0.records.last?.seq == 6 })
    }

    func testAJoinAfterASeqGetsOnlyWhatCameAfterIt() throws {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        for index in 1...4 { try harness.op(alice, "a\(index)", SketchdClient.stroke(id: "s\(index)")) }
        let dave = try harness.connect("dave")
        try harness.join(dave, session.session, token: session.editToken, lastSeq: 3)
        XCTAssertEqual(dave.received.compactMap(\.events).flatMap(\.records).map(\.seq), [4])
    }

    func testAJoinAheadOfTheLogIsToldTheHistoryWasRewound() throws {
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        let eve = try harness.connect("eve")
        harness.send(.join(.init(session: session.session, token: session.editToken, lastSeq: 9)), from: eve)
        XCTAssertEqual(try harness.waitFor(eve, \.error).code, .historyRewound)
    }

    func testUndoTakesBackOnlyYourOwnWorkAndRedoRestoresIt() throws {
        let (alice, bob, session) = try twoEditors()
        try harness.op(alice, "a1", SketchdClient.stroke(id: "mine"))
        try harness.op(bob, "b1", SketchdClient.stroke(id: "his"))

        let undo = try XCTUnwrap(try harness.op(alice, "a2", ["kind": "undo"]).ack)
        XCTAssertEqual(undo.outcome, OutcomeInfo(.undid(undoneSeq: 1, overlaps: [])))
        try harness.waitFor(bob, \.events, where: { $0.records.last?.seq == 3 })
        XCTAssertEqual(
            bob.state.liveStrokes.map(\.id).sorted(), ["his"], "alice's undo took back her stroke, not bob's")

        let redo = try XCTUnwrap(try harness.op(alice, "a3", ["kind": "redo"]).ack)
        XCTAssertEqual(redo.outcome, OutcomeInfo(.redid(redoneSeq: 1)))
        try harness.waitFor(bob, \.events, where: { $0.records.last?.seq == 4 })
        XCTAssertEqual(bob.state.liveStrokes.map(\.id).sorted(), ["his", "mine"])

        let carol = try harness.connect("carol")
        try harness.join(carol, session.session, token: session.editToken)
        let nothing = try XCTUnwrap(try harness.op(carol, "c1", ["kind": "undo"]).ack)
        XCTAssertEqual(nothing.outcome, OutcomeInfo(.nothingToUndo), "carol did nothing yet")
    }

    func testAnInvalidOpIsRefusedWithItsIdAndStoresNothing() throws {
        let (alice, _, _) = try twoEditors()
        var stroke = SketchdClient.stroke(id: "s1")
        stroke["stroke"] =
            ["id": "s1", "points": [[0, 0, 0]], "color": "not a colour", "width": 2, "screen": "main"] as [String: Any]
        let refusal = try XCTUnwrap(try harness.op(alice, "bad", stroke).error)
        XCTAssertEqual(refusal.clientOpId, "bad")
        let ack = try XCTUnwrap(try harness.op(alice, "good", SketchdClient.stroke(id: "s2")).ack)
        XCTAssertEqual(ack.seq, 1, "the refused op took no seq")
    }

    func testLeavingIsAnnouncedAndAnotherConnectionOfTheSameClientKeepsItIn() throws {
        let (alice, bob, session) = try twoEditors()
        let bobAgain = try harness.connect("bob", secret: bob.secret)
        try harness.join(bobAgain, session.session, token: session.editToken)
        harness.hangUp(bob)
        try harness.op(alice, "a1", SketchdClient.stroke(id: "s1"))
        XCTAssertFalse(
            alice.received.contains { $0.left?.clientId == "bob" }, "bob is still here on his other connection")
        harness.hangUp(bobAgain)
        try harness.waitFor(alice, \.left, where: { $0.clientId == "bob" })
    }

    func testOpsOverTheRateAreRefusedAndTheConnectionIsNotReadForAWhile() throws {
        try harness.tearDown()
        harness = try ServicesHarness(arguments: ["--op-burst", "3", "--ops-per-second", "1"])
        let alice = try harness.connect("alice")
        let session = try harness.createSession(by: alice)
        try harness.join(alice, session.session, token: session.editToken)
        for index in 1...3 {
            XCTAssertNotNil(try harness.op(alice, "a\(index)", SketchdClient.stroke(id: "s\(index)")).ack)
        }
        XCTAssertFalse(harness.isPaused(alice))
        let refusal = try XCTUnwrap(try harness.op(alice, "a4", SketchdClient.stroke(id: "s4")).error)
        XCTAssertEqual(refusal.code, .rateLimited)
        XCTAssertGreaterThan(refusal.retryAfterMs ?? 0, 0)
        XCTAssertTrue(harness.isPaused(alice), "what it sends meanwhile waits in the socket")
    }

    func testInkGoesToTheOthersOnlyAndIsNotStored() throws {
        let (alice, bob, _) = try twoEditors()
        try harness.send(
            json: ["type": "ink", "strokeId": "live", "screen": "main", "points": [[1, 2, 0], [3, 4, 16]]], from: alice)
        let ink = try harness.waitFor(bob, \.ink)
        XCTAssertEqual(ink.from, "alice")
        XCTAssertEqual(ink.strokeId, "live")
        let ack = try XCTUnwrap(try harness.op(alice, "a1", SketchdClient.stroke(id: "s1")).ack)
        XCTAssertEqual(ack.seq, 1, "ink took no seq")
        XCTAssertFalse(alice.received.contains { $0.ink != nil }, "nobody hears their own ink")
    }

    func testShutdownCommitsWhatWasSentThenClosesEveryConnectionWith1001() throws {
        let (alice, bob, _) = try twoEditors()
        try harness.send(
            json: ["type": "op", "clientOpId": "last", "event": SketchdClient.stroke(id: "s1")], from: alice)
        harness.shutDown()
        XCTAssertEqual(try harness.waitForClose(alice), 1001)
        XCTAssertEqual(try harness.waitForClose(bob), 1001)
        XCTAssertEqual(alice.received.compactMap(\.ack).map(\.clientOpId), ["last"], "acked before the close")
        XCTAssertEqual(bob.state.liveStrokes.map(\.id), ["s1"])
        let left = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
        XCTAssertFalse(
            left.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "every session file closed: \(left)")
    }
}
