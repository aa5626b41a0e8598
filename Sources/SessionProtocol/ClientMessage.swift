import StrokeLog

/// Everything a client can send (PROTOCOL.md), decoded and checked for shape.
///
/// Decoding never traps on hostile input: every failure becomes a ``WireError``.
public enum ClientMessage: Equatable, Sendable {
    /// The handshake; the first message of every connection.
    case hello(Hello)
    /// A new session, with an optional title and an optional client-minted id.
    case createSession(title: String?, session: String?)
    /// Enter a session.
    case join(Join)
    /// A durable operation: one event for the log, named by the client's op id.
    case op(clientOpId: String, event: EventPayload)
    /// Live points of a stroke being drawn.
    case ink(InkUpdate)
    /// A cursor position.
    case presence(PresenceUpdate)
    /// The session's state at `toSeq` (the head when nil).
    case replay(toSeq: Int64?)
    /// An export of the session at `toSeq` in `format`.
    case export(format: String, toSeq: Int64?)
    /// The current generated code in full.
    case getCode
    /// Rotate or revoke one of the session's links.
    case shareLink(ShareLinkChange)
    /// Whether this connection's `recognition` messages carry the raw detections (the debug
    /// view); they do not until it asks.
    case watchDetections(Bool)

    /// `hello`: the handshake that names the protocol and the client.
    public struct Hello: Codable, Equatable, Sendable {
        /// The protocol version the client speaks (`protocol` on the wire).
        public var protocolVersion: Int
        /// The client's id, the author of everything it does.
        public var clientId: String
        /// The name others see; cut to fit by the daemon.
        public var name: String?
        /// `#rgb` or `#rrggbb`; anything else is replaced by the daemon.
        public var color: String?
        /// The client's secret, bound to its id in each session it joins (``ClientSecrets``).
        public var secret: String?

        /// A hello with these fields.
        public init(
            protocolVersion: Int, clientId: String, name: String? = nil, color: String? = nil, secret: String? = nil
        ) {
            self.protocolVersion = protocolVersion
            self.clientId = clientId
            self.name = name
            self.color = color
            self.secret = secret
        }

        enum CodingKeys: String, CodingKey {
            case protocolVersion = "protocol"
            case clientId, name, color, secret
        }
    }

    /// `join`: enter a session with a capability token, resuming after `lastSeq`.
    public struct Join: Codable, Equatable, Sendable {
        /// The session's id.
        public var session: String
        /// The edit or view token.
        public var token: String
        /// The last seq the client folded (0 when missing).
        public var lastSeq: Int64?

        /// A join with these fields.
        public init(session: String, token: String, lastSeq: Int64? = nil) {
            self.session = session
            self.token = token
            self.lastSeq = lastSeq
        }
    }

    /// Points of a stroke being drawn; relayed, never stored.
    public struct InkUpdate: Codable, Equatable, Sendable {
        /// The stroke being drawn.
        public var strokeId: String
        /// The screen it is drawn on.
        public var screen: String
        /// The points since the previous ink message of the stroke: 2 to 4 numbers each.
        public var points: [[Double]]
        /// `#rgb` or `#rrggbb`.
        public var color: String?
        /// The pen width.
        public var width: Double?

        /// An ink update with these fields.
        public init(strokeId: String, screen: String, points: [[Double]], color: String? = nil, width: Double? = nil) {
            self.strokeId = strokeId
            self.screen = screen
            self.points = points
            self.color = color
            self.width = width
        }
    }

    /// A cursor position; relayed, never stored.
    public struct PresenceUpdate: Codable, Equatable, Sendable {
        /// The screen the cursor is on.
        public var screen: String
        /// The cursor's canvas x.
        public var x: Double
        /// The cursor's canvas y.
        public var y: Double

        /// A presence update with these fields.
        public init(screen: String, x: Double, y: Double) {
            self.screen = screen
            self.x = x
            self.y = y
        }
    }

    private struct CreateSession: Decodable {
        var title: String?
        var session: String?
    }
    private struct Replay: Decodable { var toSeq: Int64? }
    private struct Export: Decodable {
        var format: String
        var toSeq: Int64?
    }
    private struct WatchDetections: Decodable { var on: Bool }

    /// Decodes one complete text frame: the plain form of the hot ops (a stroke, undo, redo)
    /// straight from the bytes (``HotOpDecoder``), anything else with one JSON parse, where
    /// ``Frame`` reads `type` and then the message's fields from the same parsed object. Only a
    /// frame that fails is looked at again, to say precisely why (a bare `NaN`, a number out of
    /// range).
    ///
    /// - Throws: a ``WireError`` (`bad_json`, `invalid_number`, `unknown_kind` or `invalid_event`,
    ///   naming the op's `clientOpId` when it could be read); never any other error.
    public static func decode(_ bytes: [UInt8]) throws -> ClientMessage {
        try HotOpDecoder.decode(bytes) ?? decodeParsing(bytes)
    }

    /// ``decode(_:)`` through `JSONDecoder`, whatever the frame.
    static func decodeParsing(_ bytes: [UInt8]) throws -> ClientMessage {
        do {
            return try JSONWire.decode(Frame.self, from: bytes).message
        } catch var error as WireError {
            if error.code == .badJSON || error.code == .invalidEvent, JSONNumberScan.hasNonFiniteNumber(bytes) {
                error.code = .invalidNumber
            }
            throw error
        } catch {
            // Not JSON at all, or not an object with a string `type`.
            if let cleaned = JSONNumberScan.replacingNonFiniteWords(bytes) {
                let clientOpId = (try? JSONWire.decode(OpIdentifier.self, from: cleaned))?.clientOpId
                throw WireError(.invalidNumber, "NaN and Infinity are not numbers JSON allows", clientOpId: clientOpId)
            }
            throw WireError(.badJSON, "a frame must be a JSON object with a string \"type\"")
        }
    }

    private struct OpIdentifier: Decodable { var clientOpId: String? }

    /// One frame: its `type`, then the message of that type from the same decoder.
    private struct Frame: Decodable {
        var message: ClientMessage

        private enum Key: String, CodingKey { case type, clientOpId, event }
        private enum EventKey: String, CodingKey { case kind }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "hello":
                message = .hello(try Self.shape(Hello.self, decoder, "hello needs protocol (a number) and clientId"))
            case "createSession":
                let create = try Self.shape(
                    CreateSession.self, decoder, "createSession takes an optional title and an optional session id")
                message = .createSession(title: create.title, session: create.session)
            case "join":
                message = .join(try Self.shape(Join.self, decoder, "join needs session, token and lastSeq"))
            case "op":
                message = try Self.operation(container)
            case "ink":
                message = .ink(try Self.shape(InkUpdate.self, decoder, "ink needs strokeId, screen and points"))
            case "presence":
                message = .presence(try Self.shape(PresenceUpdate.self, decoder, "presence needs screen, x and y"))
            case "replay":
                message = .replay(toSeq: try Self.shape(Replay.self, decoder, "replay takes an optional toSeq").toSeq)
            case "export":
                let export = try Self.shape(Export.self, decoder, "export needs format and an optional toSeq")
                message = .export(format: export.format, toSeq: export.toSeq)
            case "getCode":
                message = .getCode
            case "shareLink":
                message = .shareLink(try Self.shape(ShareLinkChange.self, decoder, ShareLinkChange.expectation))
            case "watchDetections":
                message = .watchDetections(
                    try Self.shape(WatchDetections.self, decoder, "watchDetections needs on (true or false)").on)
            default:
                throw WireError(.badJSON, "unknown message type '\(type.prefix(40))'")
            }
        }

        private static func shape<T: Decodable>(_ type: T.Type, _ decoder: Decoder, _ expectation: String) throws -> T {
            do {
                return try T(from: decoder)
            } catch {
                throw WireError(.badJSON, expectation)
            }
        }

        /// An op: its id first, so that every error names it, then its kind (an unknown one has
        /// its own code), then the event.
        private static func operation(_ container: KeyedDecodingContainer<Key>) throws -> ClientMessage {
            guard let clientOpId = try? container.decode(String.self, forKey: .clientOpId) else {
                throw WireError(.badJSON, "op needs a string clientOpId and an event object")
            }
            guard
                let kindName = try? container.nestedContainer(keyedBy: EventKey.self, forKey: .event).decode(
                    String.self, forKey: .kind)
            else {
                throw WireError(.badJSON, "op needs an event object with a kind", clientOpId: clientOpId)
            }
            guard let kind = EventPayload.Kind(rawValue: kindName), kind != .recognitionRun else {
                throw WireError(.unknownKind, "unknown event kind '\(kindName.prefix(40))'", clientOpId: clientOpId)
            }
            do {
                return .op(clientOpId: clientOpId, event: try container.decode(EventPayload.self, forKey: .event))
            } catch {
                throw WireError(
                    .invalidEvent, "malformed \(kind.rawValue) event: \(ClientMessage.describe(error))",
                    clientOpId: clientOpId)
            }
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context): return String(context.debugDescription.prefix(120))
        default: return "unreadable"
        }
    }
}
