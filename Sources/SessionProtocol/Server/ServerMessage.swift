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
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown server message type '\(type.prefix(40))'"))
        }
    }

    /// The `type` on the wire.
    public var type: String {
        switch self {
        case .welcome(let m): m.type
        case .error(let m): m.type
        case .sessionCreated(let m): m.type
        case .joined(let m): m.type
        case .participant(let m): m.type
        case .events(let m): m.type
        case .caughtUp(let m): m.type
        case .ack(let m): m.type
        case .ink(let m): m.type
        case .presence(let m): m.type
        case .left(let m): m.type
        case .recognition(let m): m.type
        case .code(let m): m.type
        case .codeDiff(let m): m.type
        case .replayState(let m): m.type
        case .exportResult(let m): m.type
        case .shareLinkChanged(let m): m.type
        case .tokenRevoked(let m): m.type
        }
    }
}
