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
        let drawer = clients[0]
        let peer = clients[1]

        var head: Int64 = 0
        for index in 0..<8 {
            let box = SketchdClient.box(
                id: "d:b\(index)", x: 10 + Double(index % 3) * 120, y: 80 + Double(index / 3) * 60, width: 100,
                height: 40)
            head = try XCTUnwrap(try drawer.op("d:\(index)", box).ack).seq
            try peer.waitForSeq(head)
        }
        XCTAssertEqual(peer.outOfOrderRecords, 0)

        XCTAssertEqual(daemon.stop(), 0)
        let counts = try XCTUnwrap(try daemon.fanOutCounts(), "no fan-out counts logged")
        let atTurnEnd = try XCTUnwrap(counts["turnEndWrites"])
        let inCallbacks = try XCTUnwrap(counts["writableCallbackWrites"])
        XCTAssertGreaterThan(atTurnEnd, 0)
        XCTAssertLessThanOrEqual(inCallbacks * 4, atTurnEnd, "frames to peers that read waited for writable callbacks")
        print("turn-end writes: \(atTurnEnd) at the end of a turn, \(inCallbacks) in writable callbacks")
    }

    func testAPeerThatStopsReadingGetsEveryFrameWholeAndInOrder() throws {
        // The slow peer sends nothing while it does not read: on a busy machine that outlasts the
        // default hang-up (20 s of silence), which this test is not about.
        let daemon = try DaemonProcess(
            extraArguments: [
                "--ink-per-second", "100000", "--ink-burst", "100000",
                "--ping-seconds", "600", "--hangup-seconds", "1200",
            ],
            logFile: DaemonProcess.temporaryDirectory() + "/sketchd.log")
        let clients = try daemon.joinedClients("drawer", "slow", session: try daemon.newSession())
        let drawer = clients[0]
        let slow = clients[1]
        slow.socket.setReceiveBuffer(bytes: 65_536)

        // About 9 MB of live ink (relayed, never stored or recognised) that the slow peer does not
        // read while it is sent: each 88 KB relay is more than lws hands the socket in one send,
        // and the socket fills, so lws keeps what a write could not hand over and the rest of the
        // queue waits for writable callbacks.
        let messages = 100
        let points: [[Double]] = (0..<5_000).map { index in
            let x = Double(index % 390)
            let y = Double(index / 390 * 10)
            return [x, y, Double(index), 0.5]
        }
        for index in 0..<messages {
            try drawer.send([
                "type": "ink", "strokeId": "drawer:i\(index)", "screen": "main", "points": points, "color": "#1f6feb",
                "width": 2,
            ])
        }
        // Read raw (decoding 10 MB in a debug build would take the test's time): each text frame
        // arrives whole (the client parses the framing), the relays in the order sent.
        var relayed: [String] = []
        let deadline = Date().addingTimeInterval(180)
        while relayed.count < messages, deadline.timeIntervalSinceNow > 0 {
            guard case .text(let text)? = try slow.socket.receive(timeout: deadline.timeIntervalSinceNow) else {
                continue
            }
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.contains("\"type\":\"ink\""),
                let id = text.range(of: #"drawer:i\d+"#, options: .regularExpression)
            else { continue }
            relayed.append(String(text[id]))
        }
        XCTAssertEqual(relayed, (0..<messages).map { "drawer:i\($0)" }, "ink lost, torn or out of order")

        XCTAssertEqual(daemon.stop(), 0)
        let counts = try XCTUnwrap(try daemon.fanOutCounts(), "no fan-out counts logged")
        XCTAssertGreaterThan(try XCTUnwrap(counts["bufferedWrites"]), 0, "no write was left buffered in lws")
        print("turn-end writes with a slow peer: \(counts)")
    }
}
