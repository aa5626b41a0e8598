import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// A viewer hammering `replay` gets `rate_limited` past its budget, while editors' ops go on.
final class ReplayBudgetTests: XCTestCase {
    func testAReplayStormIsRefusedPastItsBudgetAndEditsGoOn() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        for n in 1...30 { try ana.op("ana:\(n)", SketchdClient.stroke(id: "ana:s\(n)", y: Double(10 + n * 20))) }

        let viewer = try daemon.client("viewer")
        try viewer.join(session: session.session, token: session.view)
        let storm = 100
        for _ in 0..<storm { try viewer.send(["type": "replay", "toSeq": 0]) }

        for n in 31...50 {
            let reply = try ana.op("ana:\(n)", SketchdClient.stroke(id: "ana:s\(n)", x: 200, y: Double(n * 12)))
            XCTAssertEqual(reply.type, "ack", "edits are stored during the storm")
        }

        var answered = 0
        var refused = 0
        let deadline = Date().addingTimeInterval(60)
        while answered < storm, deadline.timeIntervalSinceNow > 0,
            let message = try viewer.next(timeout: deadline.timeIntervalSinceNow)
        {
            switch message {
            case .replayState: answered += 1
            case .error(let error):
                XCTAssertEqual(error.code, .rateLimited)
                XCTAssertNotNil(error.retryAfterMs)
                answered += 1
                refused += 1
            default: continue
            }
        }
        XCTAssertEqual(answered, storm, "every request is answered, with a state or a typed refusal")
        XCTAssertGreaterThanOrEqual(refused, storm / 2, "one in flight at a time, within the rate")
    }
}
