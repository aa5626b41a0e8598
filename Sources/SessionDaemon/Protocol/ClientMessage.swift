import StrokeLog

/// Everything a client can send (PROTOCOL.md), decoded and checked for shape.
///
/// Decoding never traps on hostile input: every failure becomes a ``WireError``.
enum ClientMessage {
    case hello(Hello)
    case createSession(title: String?, session: String?)
    case join(Join)
    case op(clientOpId: String, event: EventPayload)
    case ink(InkUpdate)
    case presence(PresenceUpdate)
    case replay(toSeq: Int64?)
    case export(format: String, toSeq: Int64?)
    case getCode
    case shareLink(ShareLinkChange)

    struct Hello: Decodable {
        var protocolVersion: Int
        var clientId: String
        var name: String?
        var color: String?
        /// The client's secret, bound to its id in each session it joins (``ClientSecrets``).
        var secret: String?
        enum CodingKeys: String, CodingKey { case protocolVersion = "protocol", clientId, name, color, secret }
    }

    struct Join: Decodable {
        var session: String
        var token: String
        var lastSeq: Int64?
    }

    /// Points of a stroke being drawn; relayed, never stored.
    struct InkUpdate: Codable {
        var strokeId: String
        var screen: String
        var points: [[Double]]
        var color: String?
        var width: Double?
    }

    struct PresenceUpdate: Codable {
        var screen: String
        var x: Double
        var y: Double
    }

    private struct CreateSession: Decodable { var title: String?; var session: String? }
    private struct Replay: Decodable { var toSeq: Int64? }
    private struct Export: Decodable { var format: String; var toSeq: Int64? }

    /// Decodes one complete text frame with one JSON parse: ``Frame`` reads `type` and then the
    /// message's fields from the same parsed object. Only a frame that fails is looked at again,
    /// to say precisely why (a bare `NaN`, a number out of range).
    static func decode(_ bytes: [UInt8]) throws -> ClientMessage {
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
                let create = try Self.shape(CreateSession.self, decoder, "createSession takes an optional title and an optional session id")
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
            guard let kindName = try? container.nestedContainer(keyedBy: EventKey.self, forKey: .event).decode(String.self, forKey: .kind) else {
                throw WireError(.badJSON, "op needs an event object with a kind", clientOpId: clientOpId)
            }
            guard let kind = EventPayload.Kind(rawValue: kindName), kind != .recognitionRun else {
                throw WireError(.unknownKind, "unknown event kind '\(kindName.prefix(40))'", clientOpId: clientOpId)
            }
            do {
                return .op(clientOpId: clientOpId, event: try container.decode(EventPayload.self, forKey: .event))
            } catch {
                throw WireError(.invalidEvent, "malformed \(kind.rawValue) event: \(ClientMessage.describe(error))", clientOpId: clientOpId)
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
