import Foundation
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
    private func elementX(_ recognition: [String: Any], strokeID: String) -> Double? {
        let elements = recognition["elements"] as? [[String: Any]] ?? []
        let element = elements.first { ($0["strokeIds"] as? [String])?.contains(strokeID) == true }
        return (element?["frame"] as? [String: Any])?["x"] as? Double
    }

    func testAMoveIsAckedBroadcastRecognisedUndoneAndReplaysFromDisk() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana"), ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)

        let added = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let addedSeq = added["seq"] as! Int
        let before = try ben.waitFor("recognition", timeout: 30) { ($0["seq"] as? Int ?? 0) >= addedSeq }
        let xBefore = try XCTUnwrap(elementX(before, strokeID: "ana:b1"), "the box is recognised")

        let moved = try ana.op("ana:2", move(["ana:b1"], 60.3, 200))
        XCTAssertEqual(moved["type"] as? String, "ack")
        XCTAssertEqual((moved["outcome"] as? [String: Any])?["kind"] as? String, "applied")
        let moveSeq = Int64(moved["seq"] as! Int)
        try ben.waitForSeq(moveSeq)
        let broadcast = ben.received.last { $0["type"] as? String == "events" }
        let event = ((broadcast?["records"] as? [[String: Any]])?.last?["event"]) as? [String: Any]
        XCTAssertEqual(event?["kind"] as? String, "strokesMoved")
        XCTAssertEqual(event?["dx"] as? Double, 60.25, "the stored move is on the 1/8 grid")
        XCTAssertEqual(ben.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 100.25, y: 320, t: 0))

        let after = try ben.waitFor("recognition", timeout: 30) { ($0["seq"] as? Int ?? 0) >= Int(moveSeq) }
        let xAfter = try XCTUnwrap(elementX(after, strokeID: "ana:b1"), "the moved box is recognised")
        XCTAssertEqual(xAfter - xBefore, 60.25, accuracy: 8, "recognition follows the move (frames are snapped to a grid)")

        let undone = try ana.op("ana:3", ["kind": "undo"])
        XCTAssertEqual((undone["outcome"] as? [String: Any])?["undoneSeq"] as? Int, Int(moveSeq))
        try ben.waitForSeq(Int64(undone["seq"] as! Int))
        XCTAssertEqual(ben.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 40, y: 120, t: 0))
        let redone = try ana.op("ana:4", ["kind": "redo"])
        try ben.waitForSeq(Int64(redone["seq"] as! Int))
        try ana.waitForSeq(Int64(redone["seq"] as! Int))
        XCTAssertEqual(ben.state.stateHash, ana.state.stateHash)

        let live = ana.state
        ana.close(); ben.close()
        daemon.stop()
        XCTAssertEqual(try daemon.foldFromDisk(session.session).stateHash, live.stateHash)
        try daemon.start()
        let late = try daemon.client("late")
        let (_, caughtUp) = try late.join(session: session.session, token: session.view, lastSeq: 0)
        XCTAssertEqual(caughtUp["stateHash"] as? String, live.stateHash)
        XCTAssertEqual(late.state.stateHash, live.stateHash)
        XCTAssertEqual(late.state.liveStroke("ana:b1")?.points.first, StrokePoint(x: 100.25, y: 320, t: 0))
    }

    func testBadMovesGetTypedErrorsAndStoreNothing() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana"), viewer = try daemon.client("viewer")
        try ana.join(session: session.session, token: session.edit)
        try viewer.join(session: session.session, token: session.view)
        let added = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        let head = Int64(added["seq"] as! Int)

        XCTAssertEqual(try viewer.op("v:1", move(["ana:s1"], 5, 5))["code"] as? String, "read_only")
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
            XCTAssertEqual(reply["type"] as? String, "error", opId)
            XCTAssertEqual(reply["code"] as? String, code, "\(opId): \(reply["message"] ?? "")")
        }
        try ana.send(raw: #"{"type":"op","clientOpId":"ana:8","event":{"kind":"strokesMoved","strokeIds":["ana:s1"],"dx":1e999,"dy":0}}"#)
        let infinite = try ana.waitFor("error") { $0["clientOpId"] as? String == "ana:8" }
        XCTAssertEqual(infinite["code"] as? String, "invalid_number")

        let ok = try ana.op("ana:9", move(["ana:s1"], 1, 1))
        XCTAssertEqual(Int64(ok["seq"] as! Int), head + 1, "nothing refused was stored")
    }
}
