import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// A client that stops answering (no reads, no pongs, no FIN) is hung up by the ping policy and
/// leaves presence. Short `--ping-seconds`/`--hangup-seconds` keep the test quick; that the
/// defaults hang up within 25 s is checked on the options (DaemonOptionsTests).
final class VanishedClientTests: XCTestCase {
    func testAVanishedClientIsHungUpAndLeaves() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ping-seconds", "1", "--hangup-seconds", "2"])
        defer { daemon.stop() }
        let session = try daemon.newSession()
        let ana = try daemon.client("ana"), ghost = try daemon.client("ghost")
        try ana.join(session: session.session, token: session.edit)
        try ghost.join(session: session.session, token: session.edit)
        try ghost.send(["type": "presence", "screen": "main", "x": 10, "y": 10])
        _ = try ana.waitFor("presence") { $0["clientId"] as? String == "ghost" }
        // From now on `ghost` never reads, so it never answers a ping; ana reads (and answers).
        let left = try ana.waitFor("left", timeout: 60) { $0["clientId"] as? String == "ghost" }
        XCTAssertEqual(left["clientId"] as? String, "ghost")
    }
}
