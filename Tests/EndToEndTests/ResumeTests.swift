import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// A client away for 50,000 events catches up exactly, in order, from SQLite.
final class ResumeTests: XCTestCase {
    func testResumeAfterFiftyThousandMissedEvents() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ops-per-second", "1000000", "--op-burst", "1000000"])
        let session = try daemon.newSession()
        let away = try daemon.client("away")
        try away.join(session: session.session, token: session.view)
        let writer = try daemon.client("w")
        try writer.join(session: session.session, token: session.edit)
        try writer.op("w:first", SketchdClient.stroke(id: "w:first"))
        try away.waitForSeq(1)
        let seenBefore = away.lastSeq
        away.close()

        let missed = 50_000
        let window = 200
        var acked = 0
        for start in stride(from: 0, to: missed, by: window) {
            for index in start..<min(missed, start + window) {
                try writer.sendOp(
                    "w:\(index)", index % 2 == 0 ? SketchdClient.stroke(id: "w:s\(index)", count: 2) : ["kind": "undo"])
            }
            while acked < min(missed, start + window) {
                try writer.waitFor(\.ack, timeout: 60)
                acked += 1
            }
        }
        let head = seenBefore + Int64(missed)
        XCTAssertEqual(try daemon.foldFromDisk(session.session).lastSeq, head)

        let back = try daemon.client("away", secret: away.secret)
        let (joined, caughtUp) = try back.join(
            session: session.session, token: session.view, lastSeq: seenBefore, timeout: 120)
        XCTAssertEqual(joined.headSeq, head)
        XCTAssertEqual(caughtUp.seq, head)
        // `back` folded from seq `seenBefore`, so compare only the records it received.
        let records = back.received.flatMap { $0.events?.records ?? [] }
        XCTAssertEqual(records.count, missed)
        XCTAssertEqual(records.first?.seq, seenBefore + 1)
        XCTAssertEqual(records.last?.seq, head)
        XCTAssertTrue(zip(records, records.dropFirst()).allSatisfy { $0.seq + 1 == $1.seq }, "in order, no gaps")
    }
}
