import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// A client that stops answering (no reads, no pongs, no FIN) leaves presence once the hang-up
/// policy gives up on it. The daemon runs with short timings (`--ping-seconds 1
/// --hangup-seconds 2`) so the test waits for the `left` message, not for a clock.
final class VanishedClientTests: XCTestCase {
    func testVanishedClientLeavesUnderTheHangUpPolicy() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ping-seconds", "1", "--hangup-seconds", "2"])
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ghost = try daemon.client("ghost")
        try ana.join(session: session.session, token: session.edit)
        try ghost.join(session: session.session, token: session.edit)
        try ghost.send(["type": "presence", "screen": "main", "x": 10, "y": 10])
        _ = try ana.waitFor(\.presence) { $0.clientId == "ghost" }
        // From now on `ghost` never reads, so it never answers a ping; ana keeps reading, so
        // she answers hers and stays.
        let left = try ana.waitFor(\.left, timeout: 60)
        XCTAssertEqual(left.clientId, "ghost", "only the silent client is hung up on")
    }

    /// Only silence is pinged: a client that keeps sending gets no PING, one that only reads gets
    /// them, answers, and stays past the hang-up time.
    func testOnlySilentClientsArePinged() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ping-seconds", "1", "--hangup-seconds", "2"])
        let clients = try daemon.joinedClients("busy", "quiet", session: try daemon.newSession())
        let busy = clients[0]
        let quiet = clients[1]
        // Past the hang-up time: the quiet client is pinged at least twice, the busy one never.
        let until = Date().addingTimeInterval(3.5)
        var sent = 0
        while Date() < until || quiet.socket.pingsAnswered < 2 {
            guard sent < 150 else { return XCTFail("the quiet client was not pinged twice in 30 s") }
            try busy.send(["type": "presence", "screen": "main", "x": Double(sent % 100), "y": 10])
            sent += 1
            _ = try quiet.next(timeout: 0.1)
            _ = try busy.next(timeout: 0.1)
        }
        while try busy.next(timeout: 0.3) != nil {}  // every ping sent to it has been read
        XCTAssertEqual(busy.socket.pingsAnswered, 0, "a client that keeps sending was pinged")
        // The quiet one answered and is still there: it gets the busy one's presence.
        try busy.send(["type": "presence", "screen": "main", "x": 1, "y": 1])
        _ = try quiet.waitFor(\.presence) { $0.clientId == "busy" }
    }
}
