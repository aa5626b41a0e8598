import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// A client that does not read while many results are produced is not dropped: the results
/// waiting for it coalesce (the newest recognition per screen, the full code for stale diffs),
/// and once it reads it gets every event and code that covers the last change.
final class ResultCoalescingTests: XCTestCase {
    func testUnreadClientKeepsItsConnectionAndGetsTheNewestCode() throws {
        // The reader is silent for all 800 changes, which take minutes on a loaded machine: past
        // the default 20 s the daemon would rightly hang it up as vanished (VanishedClientTests),
        // which is not what this test is about.
        let daemon = try DaemonProcess(extraArguments: [
            "--ops-per-second", "100000", "--op-burst", "100000",
            "--ping-seconds", "600", "--hangup-seconds", "1200",
        ])
        let session = try daemon.newSession()
        let writer = try daemon.client("writer")
        let reader = try daemon.client("reader")
        try writer.join(session: session.session, token: session.edit)
        try reader.join(session: session.session, token: session.edit)
        // A screen of 30 boxes, so each result is a recognition of 30-odd elements and a diff.
        for index in 0..<30 {
            try writer.op(
                "w:b\(index)",
                SketchdClient.box(
                    id: "w:b\(index)", x: 10 + Double(index % 3) * 120, y: 80 + Double(index / 3) * 60, width: 100,
                    height: 40))
        }
        let last = try XCTUnwrap(
            try writer.op("w:last", SketchdClient.box(id: "w:last", x: 10, y: 700, width: 100, height: 40)).ack)
        // The code must show the last box before the undos start: were its run cancelled by the
        // first undo (a busy machine), that undo would return to the code already published, and
        // an unchanged code sends no message to wait for.
        _ = try waitForCode(writer, atOrAfter: last.seq)
        // The reader reads nothing from here on. 800 undos and redos (tiny events, whole results):
        // more results than its socket and its queue of 1,024 messages hold unless they coalesce.
        let changes = 800
        var head: Int64 = 0
        var version = 0
        for number in 0..<changes {
            let ack = try XCTUnwrap(
                try writer.op("w:\(number)", ["kind": number % 2 == 0 ? "undo" : "redo"]).ack, "op \(number)")
            head = ack.seq
            version = try waitForCode(writer, atOrAfter: head)
        }

        var codes = 0
        var recognitions = 0
        var lastCode: (seq: Int64, version: Int) = (0, 0)
        let deadline = Date().addingTimeInterval(120)
        while lastCode.seq < head || reader.lastSeq < head {
            XCTAssertGreaterThan(deadline.timeIntervalSinceNow, 0, "the reader never got code for seq \(head)")
            guard deadline.timeIntervalSinceNow > 0 else { break }
            let message: ServerMessage?
            do {
                message = try reader.next(timeout: deadline.timeIntervalSinceNow)
            } catch WebSocketClient.Failure.closed {
                return XCTFail(
                    "the reader was disconnected (close code \(reader.closeCode.map(String.init) ?? "none")) after \(codes) codes"
                )
            }
            if message?.recognition != nil { recognitions += 1 }
            if let code = message?.code {
                codes += 1
                lastCode = (code.seq, code.version)
            }
            if let diff = message?.codeDiff {
                codes += 1
                lastCode = (diff.seq, diff.version)
            }
        }
        XCTAssertEqual(reader.lastSeq, head, "every event")
        XCTAssertEqual(reader.outOfOrderRecords, 0)
        XCTAssertEqual(lastCode.version, version, "the reader's code is the writer's")
        XCTAssertLessThan(codes, changes, "results waiting for the reader coalesced")
        print("unread client: \(changes) changes, then \(codes) code messages and \(recognitions) recognitions arrived")
    }

    /// Reads until a `code` or `codeDiff` at or after `seq`; returns its version.
    private func waitForCode(_ client: SketchdClient, atOrAfter seq: Int64) throws -> Int {
        let deadline = Date().addingTimeInterval(30)
        while let message = try client.next(timeout: max(0, deadline.timeIntervalSinceNow)) {
            if let code = message.code, code.seq >= seq { return code.version }
            if let diff = message.codeDiff, diff.seq >= seq { return diff.version }
        }
        throw WebSocketClient.Failure.timeout
    }
}
