/// Everything the daemon can send (PROTOCOL.md), as one type for clients: tests, benches and any
/// Swift client decode a frame into this and switch over it. The daemon encodes the message
/// types themselves (each carries its own `type`), so both sides share one definition per message.
public enum ServerMessage: Equatable, Sendable {
    case welcome(WelcomeMessage)
    case error(ErrorMessage)
    case sessionCreated(SessionCreatedMessage)
    case joined(JoinedMessage)
    case participant(ParticipantMessage)
    case events(EventsMessage)
    case caughtUp(CaughtUpMessage)
    case ack(AckMessage)
    case ink(InkRelayMessage)
    case presence(PresenceRelayMessage)
    case left(LeftMessage)
    case recognition(RecognitionMessage)
    case code(CodeMessage)
    case codeDiff(CodeDiffMessage)
    case replayState(ReplayStateMessage)
    case exportResult(ExportResultMessage)
    case shareLinkChanged(ShareLinkChangedMessage)
    case tokenRevoked(TokenRevokedMessage)

    private struct Tag: Decodable { var type: String }

    /// Decodes one text frame.
    /// - Throws: `DecodingError` when the frame is not a server message of a known `type`, with
    ///   every field its type needs.
    public static func decode(_ bytes: [UInt8]) throws -> ServerMessage {
        let type = try JSONWire.decode(Tag.self, from: bytes).type
        func read<M: Decodable>(_ message: M.Type) throws -> M { try JSONWire.decode(M.self, from: bytes) }
        switch type {
        case "welcome": return .welcome(try read(WelcomeMessage.self))
        case "error": return .error(try read(ErrorMessage.self))
        case "sessionCreated": return .sessionCreated(try read(SessionCreatedMessage.self))
        case "joined": return .joined(try read(JoinedMessage.self))
        case "participant": return .participant(try read(ParticipantMessage.self))
        case "events": return .events(try read(EventsMessage.self))
        case "caughtUp": return .caughtUp(try read(CaughtUpMessage.self))
        case "ack": return .ack(try read(AckMessage.self))
        case "ink": return .ink(try read(InkRelayMessage.self))
        case "presence": return .presence(try read(PresenceRelayMessage.self))
        case "left": return .left(try read(LeftMessage.self))
        case "recognition": return .recognition(try read(RecognitionMessage.self))
        case "code": return .code(try read(CodeMessage.self))
        case "codeDiff": return .codeDiff(try read(CodeDiffMessage.self))
        case "replayState": return .replayState(try read(ReplayStateMessage.self))
        case "exportResult": return .exportResult(try read(ExportResultMessage.self))
        case "shareLinkChanged": return .shareLinkChanged(try read(ShareLinkChangedMessage.self))
        case "tokenRevoked": return .tokenRevoked(try read(TokenRevokedMessage.self))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "unknown server message type '\(type.prefix(40))'"))
        }
    }

    /// The message itself, whichever type it is.
    public var body: any ServerMessageBody {
        switch self {
        case .welcome(let m): m
        case .error(let m): m
        case .sessionCreated(let m): m
        case .joined(let m): m
        case .participant(let m): m
        case .events(let m): m
        case .caughtUp(let m): m
        case .ack(let m): m
        case .ink(let m): m
        case .presence(let m): m
        case .left(let m): m
        case .recognition(let m): m
        case .code(let m): m
        case .codeDiff(let m): m
        case .replayState(let m): m
        case .exportResult(let m): m
        case .shareLinkChanged(let m): m
        case .tokenRevoked(let m): m
        }
    }

    /// The `type` on the wire.
    public var type: String { body.type }
}

/// The wire form of a server message is its body's: `type` and the body's fields in one object.
extension ServerMessage: Encodable {
    public func encode(to encoder: any Encoder) throws { try body.encode(to: encoder) }
}

/// One server message type: its fields and its `type`.
public protocol ServerMessageBody: Codable, Sendable {
    /// The `type` on the wire.
    var type: String { get }
}

extension WelcomeMessage: ServerMessageBody {}
extension ErrorMessage: ServerMessageBody {}
extension SessionCreatedMessage: ServerMessageBody {}
extension JoinedMessage: ServerMessageBody {}
extension ParticipantMessage: ServerMessageBody {}
extension EventsMessage: ServerMessageBody {}
extension CaughtUpMessage: ServerMessageBody {}
extension AckMessage: ServerMessageBody {}
extension InkRelayMessage: ServerMessageBody {}
extension PresenceRelayMessage: ServerMessageBody {}
extension LeftMessage: ServerMessageBody {}
extension RecognitionMessage: ServerMessageBody {}
extension CodeMessage: ServerMessageBody {}
extension CodeDiffMessage: ServerMessageBody {}
extension ReplayStateMessage: ServerMessageBody {}
extension ExportResultMessage: ServerMessageBody {}
extension ShareLinkChangedMessage: ServerMessageBody {}
extension TokenRevokedMessage: ServerMessageBody {}
