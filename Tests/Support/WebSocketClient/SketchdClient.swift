import Foundation
import SessionProtocol
import StrokeLog

/// A sketchd protocol client over ``WebSocketClient`` that folds the events it receives, the
/// way a browser does, so tests can compare its state hash with the server's.
public final class SketchdClient: @unchecked Sendable {
    public private(set) var socket: WebSocketClient
    public let clientId: String
    /// The secret that proves `clientId` (sent in every `hello`, kept across resumes).
    public let secret: String
    private let port: Int
    private let source: String?
    private let name: String
    /// The session and token of the last `join`, for ``resume()``.
    private var joinedWith: (session: String, token: String)?
    /// How many times the connection was lost and resumed (for example a drop to catch-up).
    public private(set) var resumes = 0
    /// The state folded from every `events` record received, in order.
    public private(set) var state = SessionState()
    /// The seq of the last record folded.
    public var lastSeq: Int64 { state.lastSeq }
    /// Records that did not follow `lastSeq + 1` (must stay 0: no gaps, no duplicates).
    public private(set) var outOfOrderRecords = 0
    /// Every message received, in order, decoded (most recent last).
    public private(set) var received: [ServerMessage] = []
    /// The last close frame received, if any.
    public private(set) var closeCode: Int?

    /// Connects (to `path`: `/ws` or `/ws/<session>`; from the local address `source`, when
    /// given) and says hello (with `secret`, or a fresh random one); `welcome` is not awaited.
    public init(
        port: Int, clientId: String, name: String? = nil, protocolVersion: Int = 1, secret: String? = nil,
        source: String? = nil,
        path: String = "/ws"
    ) throws {
        socket = try WebSocketClient(port: port, path: path, source: source)
        self.source = source
        self.clientId = clientId
        self.secret = secret ?? Self.randomSecret()
        self.port = port
        self.name = name ?? clientId
        try send(
            .hello(
                .init(
                    protocolVersion: protocolVersion, clientId: clientId, name: self.name, color: "#1f6feb",
                    secret: self.secret)))
    }

    /// 32 random base64url characters (192 bits).
    public static func randomSecret() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<32).map { _ in alphabet.randomElement()! })
    }

    /// Sends a JSON object.
    public func send(_ object: [String: Any], fragmentSize: Int? = nil) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try socket.send(text: String(decoding: data, as: UTF8.self), fragmentSize: fragmentSize)
    }

    /// Sends a well-formed client message (``send(_:fragmentSize:)`` and ``send(raw:)`` send
    /// anything, for tests of what the daemon refuses).
    public func send(_ message: ClientMessage) throws {
        try socket.send(text: String(decoding: JSONWire.encode(message), as: UTF8.self))
    }

    /// Sends raw text as one message.
    public func send(raw text: String) throws { try socket.send(text: text) }

    /// The next message (folding `events`), or nil on timeout.
    /// - Throws: ``WebSocketClient/Failure/closed`` when the connection closed (``closeCode``
    ///   has the close frame's code, if one came); a `DecodingError` for a frame that is not a
    ///   ``ServerMessage``: every frame the daemon sends must decode.
    public func next(timeout: Double = 10) throws -> ServerMessage? {
        guard let frame = try socket.receive(timeout: timeout) else { return nil }
        switch frame {
        case .close(let code, _):
            closeCode = code
            throw WebSocketClient.Failure.closed
        case .binary:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the daemon sent a binary frame"))
        case .text(let text):
            let message = try ServerMessage.decode(Array(text.utf8))
            if case .events(let events) = message { fold(events.records) }
            received.append(message)
            if received.count > 10_000 { received.removeFirst(5_000) }
            return message
        }
    }

    private func fold(_ records: [EventRecord]) {
        for record in records {
            guard record.seq == state.lastSeq + 1 else {
                outOfOrderRecords += 1
                continue
            }
            state.apply(record)
        }
    }

    /// Receives until a message of the kind `kind` picks (a case of ``ServerMessage``, such as
    /// `\.ack`) arrives and matches `predicate`; returns that message.
    /// - Throws: ``WebSocketClient/Failure/timeout`` when none comes in time,
    ///   ``WebSocketClient/Failure/closed`` when the connection closes first.
    @discardableResult
    public func waitFor<Message>(
        _ kind: (ServerMessage) -> Message?, timeout: Double = 10,
        where predicate: (Message) -> Bool = { _ in true }
    ) throws -> Message {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let message = try next(timeout: deadline.timeIntervalSinceNow) else { break }
            if let wanted = kind(message), predicate(wanted) { return wanted }
        }
        throw WebSocketClient.Failure.timeout
    }

    /// Receives until the server closes the connection; returns the close frame's code.
    /// - Throws: ``WebSocketClient/Failure/timeout`` when it stays open; `closed` when it ends
    ///   without a close frame.
    @discardableResult
    public func waitForClose(timeout: Double = 10) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        do {
            while deadline.timeIntervalSinceNow > 0 {
                guard try next(timeout: deadline.timeIntervalSinceNow) != nil else { break }
            }
        } catch WebSocketClient.Failure.closed {
            guard let closeCode else { throw WebSocketClient.Failure.closed }
            return closeCode
        }
        throw WebSocketClient.Failure.timeout
    }

    /// Waits for `welcome`.
    @discardableResult
    public func awaitWelcome() throws -> WelcomeMessage { try waitFor(\.welcome) }

    /// Creates a session; returns its name and tokens. A node that is full or busy is asked
    /// again after its `retryAfterMs`, as the web client does.
    public func createSession(title: String? = nil) throws -> (session: String, edit: String, view: String) {
        let created = try askUntilAdmitted(\.sessionCreated) { try send(.createSession(title: title, session: nil)) }
        return (created.session, created.editToken, created.viewToken)
    }

    /// Joins and catches up; returns the `joined` message, the `caughtUp` message after it. A
    /// node that is full or busy is asked again after its `retryAfterMs`, as the web client does.
    @discardableResult
    public func join(session: String, token: String, lastSeq: Int64? = nil, timeout: Double = 60) throws -> (
        joined: JoinedMessage, caughtUp: CaughtUpMessage
    ) {
        joinedWith = (session, token)
        let joined = try askUntilAdmitted(\.joined) {
            try send(.join(.init(session: session, token: token, lastSeq: lastSeq ?? self.lastSeq)))
        }
        let caughtUp = try waitFor(\.caughtUp, timeout: timeout)
        return (joined, caughtUp)
    }

    /// Refusals that mean "not now" for a `createSession` or a `join` (PROTOCOL.md "Capacity").
    private static let askAgainCodes: Set<String> = ["sessions_full", "busy"]

    /// Sends with `ask` until the answer `kind` picks arrives, asking again after the server's
    /// `retryAfterMs` while it answers with a refusal that means "not now"; for up to 60 s.
    private func askUntilAdmitted<Answer>(_ kind: (ServerMessage) -> Answer?, ask: () throws -> Void) throws -> Answer {
        let deadline = Date().addingTimeInterval(60)
        while true {
            try ask()
            let answer = try waitFor(
                { message -> Result<Answer, WebSocketClient.Refused>? in
                    if let wanted = kind(message) { return .success(wanted) }
                    if let error = message.error, Self.askAgainCodes.contains(error.code.rawValue) {
                        return .failure(.init(error: error))
                    }
                    return nil
                }, timeout: max(1, deadline.timeIntervalSinceNow))
            switch answer {
            case .success(let wanted): return wanted
            case .failure(let refused):
                guard deadline.timeIntervalSinceNow > 0 else { throw refused }
                // The server said when to ask again; this is its back-off, not a guess.
                Thread.sleep(forTimeInterval: Double(refused.error.retryAfterMs ?? 100) / 1000)
            }
        }
    }

    /// Sends an op.
    public func sendOp(_ clientOpId: String, _ event: [String: Any]) throws {
        try send(["type": "op", "clientOpId": clientOpId, "event": event])
    }

    /// Reconnects and joins again from ``lastSeq``, as a browser does after a drop (close 4000
    /// `lagging`, or a hang-up): the gap comes from the server's log.
    public func resume() throws {
        guard let joinedWith else { throw WebSocketClient.Failure.closed }
        socket.abort()
        socket = try WebSocketClient(port: port, source: source)
        resumes += 1
        try send(
            .hello(
                .init(
                    protocolVersion: ProtocolVersion.current, clientId: clientId, name: name, color: "#1f6feb",
                    secret: secret)))
        try awaitWelcome()
        try join(session: joinedWith.session, token: joinedWith.token)
    }

    /// Sends an op and waits for its ack (or error); returns that message. When `resuming`, a
    /// lost connection is resumed and the op retried (same op id, so it is stored once).
    @discardableResult
    public func op(_ clientOpId: String, _ event: [String: Any], timeout: Double = 10, resuming: Bool = false) throws
        -> ServerMessage
    {
        try sendOp(clientOpId, event)
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            let message: ServerMessage?
            do {
                message = try next(timeout: deadline.timeIntervalSinceNow)
            } catch WebSocketClient.Failure.closed where resuming {
                try resume()
                try sendOp(clientOpId, event)
                continue
            }
            guard let message else { break }
            if message.clientOpId == clientOpId { return message }
        }
        throw WebSocketClient.Failure.timeout
    }

    /// Receives until `lastSeq` reaches `seq` (resuming a lost connection when `resuming`).
    public func waitForSeq(_ seq: Int64, timeout: Double = 30, resuming: Bool = false) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while lastSeq < seq {
            guard deadline.timeIntervalSinceNow > 0 else { throw WebSocketClient.Failure.timeout }
            do {
                _ = try next(timeout: deadline.timeIntervalSinceNow)
            } catch WebSocketClient.Failure.closed where resuming {
                try resume()
            }
        }
    }

    /// A stroke event object with `count` points starting near (x, y).
    public static func stroke(id: String, x: Double = 20, y: Double = 20, count: Int = 8, screen: String = "main")
        -> [String: Any]
    {
        var points: [[Double]] = []
        for index in 0..<count {
            let px: Double = x + Double(index % 300)
            let py: Double = y + Double(index / 300)
            points.append([px, py, Double(index * 16)])
        }
        let stroke: [String: Any] = ["id": id, "points": points, "color": "#1b1f24", "width": 2, "screen": screen]
        return ["kind": "strokeAdded", "stroke": stroke]
    }

    /// A stroke event drawing a closed rectangle (a box) at (x, y): what the recognizer reads as
    /// a button or a text field.
    public static func box(id: String, x: Double, y: Double, width: Double = 200, height: Double = 44) -> [String: Any]
    {
        var points: [[Double]] = []
        var t = 0.0
        for (fromX, fromY, toX, toY) in [
            (x, y, x + width, y), (x + width, y, x + width, y + height), (x + width, y + height, x, y + height),
            (x, y + height, x, y),
        ] {
            for step in 0..<10 {
                let f = Double(step) / 10
                points.append([fromX + (toX - fromX) * f, fromY + (toY - fromY) * f, t])
                t += 8
            }
        }
        points.append([x, y, t])
        return [
            "kind": "strokeAdded",
            "stroke": ["id": id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"] as [String: Any],
        ]
    }

    /// Closes the connection.
    public func close() { socket.close() }
}
