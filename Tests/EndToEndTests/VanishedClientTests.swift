import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// A client that stops answering (no reads, no pongs, no FIN) leaves presence within 25 s under
/// the default ping (10 s) and hang-up (20 s) policy.
final class VanishedClientTests: XCTestCase {
    func testVanishedClientLeavesWithinTwentyFiveSeconds() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana"), ghost = try daemon.client("ghost")
        try ana.join(session: session.session, token: session.edit)
        try ghost.join(session: session.session, token: session.edit)
        try ghost.send(["type": "presence", "screen": "main", "x": 10, "y": 10])
        _ = try ana.waitFor("presence") { $0["clientId"] as? String == "ghost" }
        let start = Date()
        // From now on `ghost` never reads, so it never answers a ping.
        var left: [String: Any]?
        while Date().timeIntervalSince(start) < 30 {
            // ana keeps answering pings by reading.
            if let message = try ana.next(timeout: 1), message["type"] as? String == "left" {
                left = message
                break
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(left?["clientId"] as? String, "ghost")
        XCTAssertLessThanOrEqual(elapsed, 25, "left after \(elapsed) s")
        print("vanished client left after \(String(format: "%.1f", elapsed)) s")
    }
}
