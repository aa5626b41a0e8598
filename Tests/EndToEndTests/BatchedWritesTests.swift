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
        let session = try daemon.newSession()
        let drawer = try daemon.client("drawer"), peer = try daemon.client("peer")
        try drawer.join(session: session.session, token: session.edit)
        try peer.join(session: session.session, token: session.edit)

        var head: Int64 = 0
        for index in 0..<6 {
            let ack = try XCTUnwrap(try drawer.op("d:\(index)", SketchdClient.box(id: "d:b\(index)", x: 10 + Double(index % 3) * 120, y: 80 + Double(index / 3) * 60, width: 100, height: 40)).ack)
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
        let counts = try XCTUnwrap(Self.fanOutCounts(in: String(contentsOfFile: logFile, encoding: .utf8)), "no fan-out counts logged")
        let framesWritten = try XCTUnwrap(counts["framesWritten"]), socketWrites = try XCTUnwrap(counts["socketWrites"], "no socket writes counted")
        XCTAssertGreaterThan(framesWritten, 0)
        XCTAssertLessThan(socketWrites, framesWritten, "frames queued together went out in separate writes")
        print("batched writes: \(framesWritten) frames in \(socketWrites) socket writes")
    }

    /// The `key=value` counts of the last "frames made and written" log line.
    private static func fanOutCounts(in log: String) -> [String: Int]? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("frames made and written") }) else { return nil }
        var counts: [String: Int] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { counts[String(parts[0])] = value }
        }
        return counts
    }
}
