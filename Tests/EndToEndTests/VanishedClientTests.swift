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
        let ana = try daemon.client("ana"), ghost = try daemon.client("ghost")
        try ana.join(session: session.session, token: session.edit)
        try ghost.join(session: session.session, token: session.edit)
        try ghost.send(["type": "presence", "screen": "main", "x": 10, "y": 10])
        _ = try ana.waitFor(\.presence) { $0.clientId == "ghost" }
        // From now on `ghost` never reads, so it never answers a ping; ana keeps reading, so
        // she answers hers and stays.
        let left = try ana.waitFor(\.left, timeout: 60)
        XCTAssertEqual(left.clientId, "ghost", "only the silent client is hung up on")
    }
}
