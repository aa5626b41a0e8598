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

    private struct Envelope: Decodable { var type: String }
    private struct CreateSession: Decodable { var title: String?; var session: String? }
    private struct Operation: Decodable { var clientOpId: String; var event: EventPayload }
    private struct OperationKind: Decodable {
        var clientOpId: String?
        var event: Kind?
        struct Kind: Decodable { var kind: String }
    }
    private struct Replay: Decodable { var toSeq: Int64? }
    private struct Export: Decodable { var format: String; var toSeq: Int64? }

    /// Decodes one complete text frame.
    static func decode(_ bytes: [UInt8]) throws -> ClientMessage {
        guard let envelope = try? JSONWire.decode(Envelope.self, from: bytes) else {
            if let cleaned = JSONNumberScan.replacingNonFiniteWords(bytes) {
                let clientOpId = (try? JSONWire.decode(OperationKind.self, from: cleaned))?.clientOpId
                throw WireError(.invalidNumber, "NaN and Infinity are not numbers JSON allows", clientOpId: clientOpId)
            }
            throw WireError(.badJSON, "a frame must be a JSON object with a string \"type\"")
        }
        switch envelope.type {
        case "hello":
            return .hello(try shape(Hello.self, bytes, "hello needs protocol (a number) and clientId"))
        case "createSession":
            let create = try shape(CreateSession.self, bytes, "createSession takes an optional title and an optional session id")
            return .createSession(title: create.title, session: create.session)
        case "join":
            return .join(try shape(Join.self, bytes, "join needs session, token and lastSeq"))
        case "op":
            return try decodeOperation(bytes)
        case "ink":
            return .ink(try shape(InkUpdate.self, bytes, "ink needs strokeId, screen and points"))
        case "presence":
            return .presence(try shape(PresenceUpdate.self, bytes, "presence needs screen, x and y"))
        case "replay":
            return .replay(toSeq: try shape(Replay.self, bytes, "replay takes an optional toSeq").toSeq)
        case "export":
            let export = try shape(Export.self, bytes, "export needs format and an optional toSeq")
            return .export(format: export.format, toSeq: export.toSeq)
        case "getCode":
            return .getCode
        case "shareLink":
            return .shareLink(try ShareLinkChange.decode(bytes))
        default:
            throw WireError(.badJSON, "unknown message type '\(envelope.type.prefix(40))'")
        }
    }

    private static func shape<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ expectation: String) throws -> T {
        do {
            return try JSONWire.decode(type, from: bytes)
        } catch {
            if JSONNumberScan.hasNonFiniteNumber(bytes) { throw WireError(.invalidNumber, "a number is out of range (infinite)") }
            throw WireError(.badJSON, expectation)
        }
    }

    /// Ops are decoded in two steps so that an unknown kind gets its own code and every error
    /// names the op id.
    private static func decodeOperation(_ bytes: [UInt8]) throws -> ClientMessage {
        let outline = try? JSONWire.decode(OperationKind.self, from: bytes)
        guard let clientOpId = outline?.clientOpId else {
            throw WireError(.badJSON, "op needs a string clientOpId and an event object")
        }
        guard let kindName = outline?.event?.kind else {
            throw WireError(.badJSON, "op needs an event object with a kind", clientOpId: clientOpId)
        }
        guard let kind = EventPayload.Kind(rawValue: kindName), kind != .recognitionRun else {
            throw WireError(.unknownKind, "unknown event kind '\(kindName.prefix(40))'", clientOpId: clientOpId)
        }
        do {
            let operation = try JSONWire.decode(Operation.self, from: bytes)
            return .op(clientOpId: operation.clientOpId, event: operation.event)
        } catch {
            throw WireError(JSONNumberScan.hasNonFiniteNumber(bytes) ? .invalidNumber : .invalidEvent,
                            "malformed \(kind.rawValue) event: \(describe(error))", clientOpId: clientOpId)
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
