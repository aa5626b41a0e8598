import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `kill -9` in the middle of a stream: nothing acked is lost, nothing is duplicated.
final class DurabilityTests: XCTestCase {
    func testAckedStrokesSurviveKillDashNine() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ops-per-second", "100000", "--op-burst", "100000"])
        let session = try daemon.newSession()
        let writer = try daemon.client("w")
        try writer.join(session: session.session, token: session.edit)
        let total = 3000
        var acked: [String: Int64] = [:]
        var sent = 0
        var killed = false
        // Keep up to 50 ops in flight; kill the daemon once 400 are acked.
        while sent < total {
            do {
                while sent < total, sent - acked.count < 50 {
                    try writer.sendOp("w:\(sent)", SketchdClient.stroke(id: "w:s\(sent)"))
                    sent += 1
                }
                if let ack = try writer.next(timeout: 5)?.ack {
                    acked[ack.clientOpId] = ack.seq
                }
            } catch {
                break  // the daemon is gone
            }
            if !killed, acked.count >= 400 {
                daemon.stop(signal: SIGKILL)
                killed = true
            }
        }
        XCTAssertTrue(killed)
        XCTAssertGreaterThanOrEqual(acked.count, 400)

        let disk = try daemon.foldFromDisk(session.session)
        let store = try EventStore(openingExisting: "\(daemon.dataDirectory)/\(session.session).sketch")
        for (opId, seq) in acked {
            XCTAssertEqual(try store.lookup(author: "w", clientOpID: opId)?.seq, Int64(seq), "acked \(opId) missing")
        }
        XCTAssertEqual(Int64(disk.liveStrokes.count), disk.lastSeq, "one event per stroke, no duplicates")

        // After a restart, retrying everything stores each op once.
        try daemon.start()
        let again = try daemon.client("w", secret: writer.secret)
        try again.join(session: session.session, token: session.edit, lastSeq: 0)
        for index in 0..<sent {
            let reply = try again.op("w:\(index)", SketchdClient.stroke(id: "w:s\(index)"))
            XCTAssertEqual(reply.type, "ack")
            if let seq = acked["w:\(index)"] { XCTAssertEqual(reply.ack?.seq, seq) }
        }
        let final = try daemon.foldFromDisk(session.session)
        XCTAssertEqual(final.lastSeq, Int64(sent))
        XCTAssertEqual(final.liveStrokes.count, sent)
    }
}
