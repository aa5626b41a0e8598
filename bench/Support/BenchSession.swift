import Foundation
import SessionProtocol
import WebSocketClient

/// A bench session: created on its own `/ws/<id>` path with a client-minted id, its main screen
/// given `boxes` boxes before anything is measured (box N is `box(N)`, by default a box in cell N),
/// and `otherScreens` more screens (`s1`, `s2`, ...) given the same boxes.
public struct BenchSession {
    public let id: String
    public let token: String
    /// How many `createSession`s the daemon refused with `sessions_full` so far (each was asked
    /// again after its `retryAfterMs`).
    public nonisolated(unsafe) static var refusedWhileFull = 0

    public init(
        port: Int, number: Int, boxes: Int, otherScreens: Int = 0,
        box: (Int) -> [String: Any] = { boxStroke(id: "setup:\($0)", cell: $0) }
    ) throws {
        id = ClientIds.session()
        let creator = try WebSocketClient(port: port, path: "/ws/\(id)")
        defer { creator.close() }
        try creator.send(text: ClientIds.hello("creator-\(number)"))
        var created: String?
        while created == nil {
            try creator.send(text: json(["type": "createSession", "session": id, "title": "bench \(number)"]))
            do {
                created = try creator.receive(\.sessionCreated).editToken
            } catch let refusal as WebSocketClient.Refused where refusal.error.code == .sessionsFull {
                // The node is at its capacity (PROTOCOL.md "Capacity"): ask again when it says.
                BenchSession.refusedWhileFull += 1
                usleep(UInt32(max(100, refusal.error.retryAfterMs ?? 1000)) * 1000)
            }
        }
        let token = created!
        self.token = token
        try creator.send(text: json(["type": "join", "session": id, "token": token, "lastSeq": 0]))
        _ = try creator.receive(\.caughtUp)
        for cell in 0..<boxes {
            try creator.send(text: json(["type": "op", "clientOpId": "setup:\(cell)", "event": box(cell)]))
        }
        for _ in 0..<boxes { _ = try creator.receive(\.ack) }
        for screen in (0..<otherScreens).map({ "s\($0 + 1)" }) {
            let added: [String: Any] = [
                "kind": "screenAdded",
                "screen": ["id": screen, "name": screen, "width": 390, "height": 844] as [String: Any],
            ]
            try creator.send(text: json(["type": "op", "clientOpId": "setup:\(screen)", "event": added]))
            for cell in 0..<boxes {
                var event = box(cell)
                if var stroke = event["stroke"] as? [String: Any] {
                    stroke["id"] = "setup:\(screen):\(cell)"
                    stroke["screen"] = screen
                    event["stroke"] = stroke
                }
                try creator.send(text: json(["type": "op", "clientOpId": "setup:\(screen):\(cell)", "event": event]))
            }
            for _ in 0..<(1 + boxes) { _ = try creator.receive(\.ack) }  // the screen and its boxes
        }
    }

    /// Connects a client to this session and waits until it has caught up.
    public func join(port: Int, clientId: String) throws -> WebSocketClient {
        let client = try WebSocketClient(port: port, path: "/ws/\(id)")
        try client.send(text: ClientIds.hello(clientId))
        try client.send(text: json(["type": "join", "session": id, "token": token, "lastSeq": 0]))
        _ = try client.receive(\.caughtUp)
        return client
    }
}
