import SessionProtocol
import WebSocketClient
import XCTest

extension XCTestCase {
    /// Skips the test when the daemon `client` talks to was built without a recognizer (it then
    /// answers `getCode` with `unavailable` and sends no results at all).
    func requireRecognizer(_ client: SketchdClient) throws {
        try client.send(["type": "getCode"])
        while let message = try client.next(timeout: 5) {
            if message.code != nil { return }
            if let error = message.error {
                if error.code == .unavailable, error.message.contains("no recognizer") {
                    throw XCTSkip("this sketchd build has no recognizer wired in")
                }
                return
            }
        }
    }
}
