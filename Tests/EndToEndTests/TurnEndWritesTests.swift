import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// Frames go to each socket at the end of the service turn that queued them, not a loop turn
/// later in a writable callback; what a socket does not take waits (in lws, then in the
/// connection's queue) for writable callbacks.
final class TurnEndWritesTests: XCTestCase {
    func testFramesToReadingPeersGoOutAtTheEndOfTheirTurn() throws {
        let daemon = try DaemonProcess(logFile: DaemonProcess.temporaryDirectory() + "/sketchd.log")
        let clients = try daemon.joinedClients("drawer", "peer", session: try daemon.newSession())
        let drawer = clients[0], peer = clients[1]

        var head: Int64 = 0
        for index in 0..<8 {
            let box = SketchdClient.box(id: "d:b\(index)", x: 10 + Double(index % 3) * 120, y: 80 + Double(index / 3) * 60, width: 100, height: 40)
            head = try XCTUnwrap(try drawer.op("d:\(index)", box).ack).seq
            try peer.waitForSeq(head)
        }
        XCTAssertEqual(peer.outOfOrderRecords, 0)

        XCTAssertEqual(daemon.stop(), 0)
        let counts = try XCTUnwrap(try daemon.fanOutCounts(), "no fan-out counts logged")
        let atTurnEnd = try XCTUnwrap(counts["turnEndWrites"]), inCallbacks = try XCTUnwrap(counts["writableCallbackWrites"])
        XCTAssertGreaterThan(atTurnEnd, 0)
        XCTAssertLessThanOrEqual(inCallbacks * 4, atTurnEnd, "frames to peers that read waited for writable callbacks")
        print("turn-end writes: \(atTurnEnd) at the end of a turn, \(inCallbacks) in writable callbacks")
    }

    func testAPeerThatStopsReadingGetsEveryFrameWholeAndInOrder() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ops-per-second", "100000", "--op-burst", "100000"],
                                       logFile: DaemonProcess.temporaryDirectory() + "/sketchd.log")
        let session = try daemon.newSession()
        let drawer = try daemon.client("drawer"), slow = try daemon.client("slow")
        slow.socket.setReceiveBuffer(bytes: 4_096)
        try drawer.join(session: session.session, token: session.edit)
        try slow.join(session: session.session, token: session.edit)

        // About 2 MB of events the slow peer does not read while they are sent: its socket fills,
        // and lws keeps what a write could not hand over.
        var head: Int64 = 0
        for index in 0..<64 {
            let stroke = SketchdClient.stroke(id: "d:s\(index)", x: 20, y: 20 + Double(index) * 8, count: 1_500)
            head = try XCTUnwrap(try drawer.op("d:\(index)", stroke, timeout: 30).ack).seq
        }
        // Every frame is decoded as it is read (a torn one fails here); a drop to catch-up would
        // end the connection (the client does not resume).
        try slow.waitForSeq(head, timeout: 60)
        XCTAssertEqual(slow.outOfOrderRecords, 0)
        XCTAssertEqual(slow.lastSeq, head)
        XCTAssertEqual(slow.resumes, 0)

        XCTAssertEqual(daemon.stop(), 0)
        let counts = try XCTUnwrap(try daemon.fanOutCounts(), "no fan-out counts logged")
        XCTAssertGreaterThan(try XCTUnwrap(counts["bufferedWrites"]), 0, "no write was left buffered: the slow peer's socket never filled")
        print("turn-end writes with a slow peer: \(counts)")
    }
}
