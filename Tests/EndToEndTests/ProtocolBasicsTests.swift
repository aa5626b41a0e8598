import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Handshake, sessions, ops, acks and broadcast against a real daemon.
final class ProtocolBasicsTests: XCTestCase {
    func testStrokeIsAckedAfterCommitAndBroadcastToEveryone() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession(title: "Login flow")
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        let (joined, caughtUp) = try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(joined.role, .edit)
        XCTAssertEqual(caughtUp.seq, 1, "the title event")
        try ben.join(session: session.session, token: session.edit)

        let ack = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        XCTAssertEqual(ack.type, "ack")
        XCTAssertEqual(ack.ack?.seq, 2)
        XCTAssertEqual(ack.ack?.duplicate, false)
        XCTAssertEqual(ack.ack?.outcome?.kind, "applied")
        // The ack means it is on disk.
        XCTAssertEqual(try daemon.foldFromDisk(session.session).lastSeq, 2)
        try ana.waitForSeq(2)
        try ben.waitForSeq(2)
        XCTAssertEqual(ben.state.liveStrokes.map(\.id), ["ana:s1"])
        XCTAssertEqual(ana.state.stateHash, ben.state.stateHash)
        XCTAssertEqual(ben.state.sessionTitle, "Login flow")
    }

    func testProtocolMismatchIsTypedAndCloses() throws {
        let daemon = try DaemonProcess()
        let client = try SketchdClient(port: daemon.port, clientId: "old", protocolVersion: 2)
        let error = try client.waitFor(\.error)
        XCTAssertEqual(error.code.rawValue, "protocol_mismatch")
        XCTAssertEqual(error.supported, [1])
        _ = try client.waitForClose()
        XCTAssertEqual(client.closeCode, 1002)
    }

    func testServesTheWebRootOverHTTP() throws {
        let daemon = try DaemonProcess()
        let (data, response) = try syncGet("http://127.0.0.1:\(daemon.port)/")
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("sketchd test"))
    }

    func testLeftIsBroadcastWhenAClientDisconnects() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.view)
        _ = try ana.waitFor(\.participant) { $0.clientId == "ben" }
        ben.close()
        let left = try ana.waitFor(\.left)
        XCTAssertEqual(left.clientId, "ben")
    }

    func testPresenceIsCoalescedToAtMost30PerSecond() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        let start = Date()
        for index in 0..<200 { try ana.send(["type": "presence", "screen": "main", "x": Double(index), "y": 5]) }
        var relayed: [PresenceRelayMessage] = []
        while let message = try ben.next(timeout: 0.5) {
            if let presence = message.presence { relayed.append(presence) }
        }
        let seconds = Date().timeIntervalSince(start)
        XCTAssertGreaterThan(relayed.count, 0)
        XCTAssertLessThanOrEqual(Double(relayed.count), seconds * 30 + 2, "at most 30 a second")
        XCTAssertEqual(relayed.last?.x, 199, "coalesced to the newest")
    }

    func testInkIsRelayedToOthersAndNotStored() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        try ana.send([
            "type": "ink", "strokeId": "ana:s9", "screen": "main", "points": [[1, 2, 0], [3, 4, 16]],
            "color": "#ff0000", "width": 2,
        ])
        let ink = try ben.waitFor(\.ink)
        XCTAssertEqual(ink.from, "ana")
        XCTAssertEqual(ink.points.count, 2)
        XCTAssertEqual(try daemon.foldFromDisk(session.session).lastSeq, 0)
    }

    func testShutdownSendsCloseFramesAndKeepsEverythingAcked() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        for index in 1...20 { try ana.op("ana:\(index)", SketchdClient.stroke(id: "ana:s\(index)")) }
        XCTAssertEqual(daemon.stop(signal: SIGTERM), 0)
        _ = try ana.waitForClose(timeout: 5)
        XCTAssertEqual(ana.closeCode, 1001)
        XCTAssertEqual(try daemon.foldFromDisk(session.session).liveStrokes.count, 20)
    }
}

/// A blocking HTTP GET.
func syncGet(_ url: String) throws -> (Data, URLResponse?) {
    let semaphore = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: (Data?, URLResponse?, Error?)
    URLSession.shared.dataTask(with: URL(string: url)!) { data, response, error in
        result = (data, response, error)
        semaphore.signal()
    }.resume()
    semaphore.wait()
    if let error = result.2 { throw error }
    return (result.0 ?? Data(), result.1)
}
