import Foundation
import WebSocketClient

/// Failures while setting the bench up.
public struct SetupFailure: Error, CustomStringConvertible {
    public let description: String
}

/// Reads until a text message containing `marker`; throws on an `error` or after 30 s.
public func readUntil(_ client: WebSocketClient, _ marker: String) throws -> String {
    while case .text(let text)? = try client.receive(timeout: 30) {
        if text.contains(marker) { return text }
        if text.contains(#""type":"error""#) { throw SetupFailure(description: "waiting for \(marker): \(text.prefix(200))") }
    }
    throw SetupFailure(description: "no \(marker) within 30 s")
}

/// A bench session: created on its own `/ws/<id>` path with a client-minted id, its main screen
/// given `boxes` boxes before anything is measured (box N is `box(N)`, by default a box in cell N).
public struct BenchSession {
    public let id: String
    public let token: String

    public init(port: Int, number: Int, boxes: Int,
                box: (Int) -> [String: Any] = { boxStroke(id: "setup:\($0)", cell: $0) }) throws {
        id = ClientIds.session()
        let creator = try WebSocketClient(port: port, path: "/ws/\(id)")
        defer { creator.close() }
        try creator.send(text: ClientIds.hello("creator-\(number)"))
        try creator.send(text: json(["type": "createSession", "session": id, "title": "bench \(number)"]))
        let created = try readUntil(creator, "sessionCreated")
        guard let object = try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any],
              let token = object["editToken"] as? String else { throw SetupFailure(description: "no editToken in \(created)") }
        self.token = token
        try creator.send(text: json(["type": "join", "session": id, "token": token, "lastSeq": 0]))
        _ = try readUntil(creator, #""caughtUp""#)
        for cell in 0..<boxes {
            try creator.send(text: json(["type": "op", "clientOpId": "setup:\(cell)", "event": box(cell)]))
        }
        for _ in 0..<boxes { _ = try readUntil(creator, #""type":"ack""#) }
    }

    /// Connects a client to this session and waits until it has caught up.
    public func join(port: Int, clientId: String) throws -> WebSocketClient {
        let client = try WebSocketClient(port: port, path: "/ws/\(id)")
        try client.send(text: ClientIds.hello(clientId))
        try client.send(text: json(["type": "join", "session": id, "token": token, "lastSeq": 0]))
        _ = try readUntil(client, #""caughtUp""#)
        return client
    }
}
