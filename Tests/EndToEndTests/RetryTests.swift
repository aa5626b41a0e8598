import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Idempotent retries: the same op sent three times is stored and broadcast once.
final class RetryTests: XCTestCase {
    func testSameOpThreeTimesGivesOneEvent() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        let stroke = SketchdClient.stroke(id: "ana:s1")
        let acks = try (0..<3).map { _ in try ana.op("ana:1", stroke) }
        XCTAssertEqual(acks.map { $0.ack?.seq }, [1, 1, 1])
        XCTAssertEqual(acks.map { $0.ack?.duplicate }, [false, true, true])

        // A retry over a new connection (after a reconnect) is recognised too.
        ana.close()
        let again = try daemon.client("ana", secret: ana.secret)
        try again.join(session: session.session, token: session.edit, lastSeq: 0)
        XCTAssertEqual(try again.op("ana:1", stroke).ack?.duplicate, true)

        let marker = try ben.op("ben:1", SketchdClient.stroke(id: "ben:s1"))
        XCTAssertEqual(marker.ack?.seq, 2, "the retries took no seqs")
        try ben.waitForSeq(2)
        let broadcasts = ben.received.flatMap { $0.events?.records ?? [] }.filter { $0.clientOpID == "ana:1" }
        XCTAssertEqual(broadcasts.count, 1, "broadcast once")
        XCTAssertEqual(try daemon.foldFromDisk(session.session).lastSeq, 2)
        XCTAssertEqual(ben.outOfOrderRecords, 0)
    }
}
