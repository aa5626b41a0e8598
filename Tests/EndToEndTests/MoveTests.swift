import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `strokesMoved` over the wire: ack, broadcast, recognition that follows, undo, typed errors,
/// and a log on disk that replays to the same state.
final class MoveTests: XCTestCase {
    private func move(_ ids: [String], _ dx: Double, _ dy: Double) -> [String: Any] {
        ["kind": "strokesMoved", "strokeIds": ids, "dx": dx, "dy": dy]
    }

    /// The smallest x of the recognised element made of `strokeID` in a `recognition` message.
    private func elementX(_ recognition: RecognitionMessage, strokeID: String) -> Double? {
        recognition.elements.first { $0.strokeIds.contains(strokeID) }?.frame.x
    }

    func testAMoveIsAckedBroadcastRecognisedUndoneAndReplaysFromDisk() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)

        let added = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let addedSeq = try XCTUnwrap(added.ack).seq
        let before = try ben.waitFor(\.recognition, timeout: 30) { $0.seq >= addedSeq }
        let xBefore = try XCTUnwrap(elementX(before, strokeID: "ana:b1"), "the box is recognised")

        let moved = try ana.op("ana:2", move(["ana:b1"], 60.3, 200))
        XCTAssertEqual(moved.type, "ack")
        XCTAssertEqual(moved.ack?.outcome?.kind, "applied")
        let moveSeq = try XCTUnwrap(moved.ack).seq
        try ben.waitForSeq(moveSeq)
        let broadcast = ben.received.last { $0.events != nil }?.events
        XCTAssertEqual(
            broadcast?.records.last?.payload, .strokesMoved(strokeIDs: ["ana:b1"], dx: 60.25, dy: 200),
            "the stored move is on the 1/8 grid")
        XCTAssertEqual(ben.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 100.25, y: 320, t: 0))

        let after = try ben.waitFor(\.recognition, timeout: 30) { $0.seq >= moveSeq }
        let xAfter = try XCTUnwrap(elementX(after, strokeID: "ana:b1"), "the moved box is recognised")
        XCTAssertEqual(
            xAfter - xBefore, 60.25, accuracy: 8, "recognition follows the move (frames are snapped to a grid)")

        let undone = try ana.op("ana:3", ["kind": "undo"])
        XCTAssertEqual(undone.ack?.outcome?.undoneSeq, moveSeq)
        try ben.waitForSeq(try XCTUnwrap(undone.ack).seq)
        XCTAssertEqual(ben.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 40, y: 120, t: 0))
        let redone = try ana.op("ana:4", ["kind": "redo"])
        let redoneSeq = try XCTUnwrap(redone.ack).seq
        try ben.waitForSeq(redoneSeq)
        try ana.waitForSeq(redoneSeq)
        XCTAssertEqual(ben.state.stateHash, ana.state.stateHash)

        let live = ana.state
        ana.close()
        ben.close()
        daemon.stop()
        XCTAssertEqual(try daemon.foldFromDisk(session.session).stateHash, live.stateHash)
        try daemon.start()
        let late = try daemon.client("late")
        let (_, caughtUp) = try late.join(session: session.session, token: session.view, lastSeq: 0)
        XCTAssertEqual(caughtUp.stateHash, live.stateHash)
        XCTAssertEqual(late.state.stateHash, live.stateHash)
        XCTAssertEqual(late.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 100.25, y: 320, t: 0))
    }

    func testBadMovesGetTypedErrorsAndStoreNothing() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let viewer = try daemon.client("viewer")
        try ana.join(session: session.session, token: session.edit)
        try viewer.join(session: session.session, token: session.view)
        let added = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        let head = try XCTUnwrap(added.ack).seq

        XCTAssertEqual(try viewer.op("v:1", move(["ana:s1"], 5, 5)).error?.code.rawValue, "read_only")
        let cases: [(String, [String: Any], String)] = [
            ("ana:2", move(["ana:nope"], 5, 5), "invalid_event"),
            ("ana:3", move(["ana:s1"], 0, 0), "invalid_event"),
            ("ana:4", move(["ana:s1"], 300_000, 0), "invalid_number"),
            ("ana:5", move(["ana:s1"], 0, -100_021), "invalid_number"),
            ("ana:6", move(["bad id!"], 1, 1), "invalid_identifier"),
            ("ana:7", ["kind": "strokesMoved", "strokeIds": ["ana:s1"], "dx": 1], "invalid_event"),
        ]
        for (opId, event, code) in cases {
            let reply = try ana.op(opId, event)
            XCTAssertEqual(reply.type, "error", opId)
            XCTAssertEqual(reply.error?.code.rawValue, code, "\(opId): \(reply.error?.message ?? "")")
        }
        try ana.send(
            raw:
                #"{"type":"op","clientOpId":"ana:8","event":{"kind":"strokesMoved","strokeIds":["ana:s1"],"dx":1e999,"dy":0}}"#
        )
        let infinite = try ana.waitFor(\.error) { $0.clientOpId == "ana:8" }
        XCTAssertEqual(infinite.code.rawValue, "invalid_number")

        let ok = try ana.op("ana:9", move(["ana:s1"], 1, 1))
        XCTAssertEqual(ok.ack?.seq, head + 1, "nothing refused was stored")
    }
}
