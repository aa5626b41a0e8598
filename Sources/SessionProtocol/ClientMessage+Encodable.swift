/// The wire form of a client message, as PROTOCOL.md writes it: `type` and the message's fields
/// in one object. What a client sends; `ClientMessage.decode` reads the same form back.
extension ClientMessage: Encodable {
    private enum Key: String, CodingKey { case type, title, session, clientOpId, event, toSeq, format, on }

    /// The `type` on the wire.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .createSession: "createSession"
        case .join: "join"
        case .op: "op"
        case .ink: "ink"
        case .presence: "presence"
        case .replay: "replay"
        case .export: "export"
        case .getCode: "getCode"
        case .shareLink: "shareLink"
        case .watchDetections: "watchDetections"
        }
    }

    /// Encodes `type` and then the message's own fields into the same object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .hello(let hello): try hello.encode(to: encoder)
        case .createSession(let title, let session):
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(session, forKey: .session)
        case .join(let join): try join.encode(to: encoder)
        case .op(let clientOpId, let event):
            try container.encode(clientOpId, forKey: .clientOpId)
            try container.encode(event, forKey: .event)
        case .ink(let ink): try ink.encode(to: encoder)
        case .presence(let presence): try presence.encode(to: encoder)
        case .replay(let toSeq): try container.encodeIfPresent(toSeq, forKey: .toSeq)
        case .export(let format, let toSeq):
            try container.encode(format, forKey: .format)
            try container.encodeIfPresent(toSeq, forKey: .toSeq)
        case .getCode: break
        case .shareLink(let change): try change.encode(to: encoder)
        case .watchDetections(let on): try container.encode(on, forKey: .on)
        }
    }
}
