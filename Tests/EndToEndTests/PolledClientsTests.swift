import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// Many clients read from one thread with `poll` and ``WebSocketClient/receiveAvailable()``, the
/// way bench/sessions drives hundreds of connections, against a real daemon.
final class PolledClientsTests: XCTestCase {
    func testOneThreadPollsManyClientsAndLosesNoMessageOrOrder() throws {
        let daemon = try DaemonProcess()
        let clients = try (0..<8).map { index -> WebSocketClient in
            let client = try WebSocketClient(port: daemon.port)
            let hello =
                [
                    "type": "hello", "protocol": 1, "clientId": "p\(index)",
                    "secret": "polled-client-secret-\(index)-0123456789",
                ] as [String: Any]
            try client.send(text: String(decoding: try JSONSerialization.data(withJSONObject: hello), as: UTF8.self))
            try client.send(text: #"{"type":"createSession","title":"polled"}"#)
            return client
        }
        var types = Array(repeating: [String](), count: clients.count)
        var descriptors = clients.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        let deadline = Date().addingTimeInterval(30)
        while types.contains(where: { $0.count < 2 }), Date() < deadline {
            guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            for slot in descriptors.indices where descriptors[slot].revents != 0 {
                descriptors[slot].revents = 0
                for case .text(let text) in try clients[slot].receiveAvailable() {
                    types[slot].append(try ServerMessage.decode(Array(text.utf8)).type)
                }
            }
        }
        for (slot, received) in types.enumerated() {
            XCTAssertEqual(received, ["welcome", "sessionCreated"], "client \(slot)")
        }
    }
}
