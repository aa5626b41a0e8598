import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// Frames waiting for the same socket go out in one write (an ack and its events, a recognition
/// and its code diff): every one still arrives whole and in order, and there are fewer socket
/// writes than frames.
final class BatchedWritesTests: XCTestCase {
    func testFramesQueuedTogetherArriveWholeInOneWrite() throws {
        let logFile = DaemonProcess.temporaryDirectory() + "/sketchd.log"
        let daemon = try DaemonProcess(logFile: logFile)
        let clients = try daemon.joinedClients("drawer", "peer", session: try daemon.newSession())
        let drawer = clients[0]
        let peer = clients[1]

        var head: Int64 = 0
        for index in 0..<6 {
            let ack = try XCTUnwrap(
                try drawer.op(
                    "d:\(index)",
                    SketchdClient.box(
                        id: "d:b\(index)", x: 10 + Double(index % 3) * 120, y: 80 + Double(index / 3) * 60, width: 100,
                        height: 40)
                ).ack)
            head = ack.seq
        }
        // Every frame the peer gets is decoded as a ServerMessage (a torn frame fails here).
        try peer.waitForSeq(head)
        let code = try peer.waitFor { message -> Int64? in
            if let code = message.code, code.seq >= head { return code.seq }
            if let diff = message.codeDiff, diff.seq >= head { return diff.seq }
            return nil
        }
        XCTAssertEqual(code, head)
        XCTAssertEqual(peer.outOfOrderRecords, 0)
        XCTAssertEqual(peer.lastSeq, head)

        XCTAssertEqual(daemon.stop(), 0)
        let counts = try XCTUnwrap(try daemon.fanOutCounts(), "no fan-out counts logged")
        let framesWritten = try XCTUnwrap(counts["framesWritten"])
        let socketWrites = try XCTUnwrap(counts["socketWrites"], "no socket writes counted")
        XCTAssertGreaterThan(framesWritten, 0)
        XCTAssertLessThan(socketWrites, framesWritten, "frames queued together went out in separate writes")
        print("batched writes: \(framesWritten) frames in \(socketWrites) socket writes")
    }
}
