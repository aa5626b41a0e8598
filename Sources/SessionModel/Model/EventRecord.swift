/// One stored event: what was done, by whom, and where it sits in the session's order.
public struct EventRecord: Hashable, Sendable, Codable {
    /// Position in the session's log, starting at 1 and increasing by 1.
    public var seq: Int64
    /// The client id of the person who did it.
    public var author: String
    /// The client's own id for the operation; (author, clientOpID) is unique in a session.
    public var clientOpID: String
    /// Server time of the commit, milliseconds since 1970.
    public var serverTime: Int64
    /// What was done.
    public var payload: EventPayload

    /// Creates a record.
    public init(seq: Int64, author: String, clientOpID: String, serverTime: Int64, payload: EventPayload) {
        self.seq = seq
        self.author = author
        self.clientOpID = clientOpID
        self.serverTime = serverTime
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey {
        case seq, author
        case clientOpID = "clientOpId"
        case serverTime
        case payload = "event"
    }
}

/// An operation waiting to be appended: the log assigns seq and server time.
///
/// The rules of an op's content (the author and op ids, ``EventPayload/validated()``) are
/// checked once, in ``checked(author:clientOpID:payload:)``: by the daemon's admission, or by
/// the log at commit for an event made with ``init(author:clientOpID:payload:serverTime:)``.
public struct PendingEvent: Hashable, Sendable {
    /// The client id of the person who did it.
    public let author: String
    /// The client's own id for the operation.
    public let clientOpID: String
    /// What was done.
    public let payload: EventPayload
    /// The server time to record instead of the append's: only for a copy of an event stored
    /// before (``SessionCopy``, restoring a backup); nil for every new operation.
    public let serverTime: Int64?
    /// Whether ``checked(author:clientOpID:payload:)`` made it: its ids are valid and its payload
    /// is validated and canonical, so the log stores it without checking them again.
    package let isChecked: Bool

    /// An event whose content the log checks at commit.
    public init(author: String, clientOpID: String, payload: EventPayload, serverTime: Int64? = nil) {
        self.init(author: author, clientOpID: clientOpID, payload: payload, serverTime: serverTime, isChecked: false)
    }

    private init(author: String, clientOpID: String, payload: EventPayload, serverTime: Int64?, isChecked: Bool) {
        self.author = author
        self.clientOpID = clientOpID
        self.payload = payload
        self.serverTime = serverTime
        self.isChecked = isChecked
    }

    /// The event with its ids checked and its payload validated in canonical form.
    /// - Throws: ``StrokeLogError`` naming the first rule it breaks.
    public static func checked(author: String, clientOpID: String, payload: EventPayload, serverTime: Int64? = nil)
        throws -> PendingEvent
    {
        try Identifier.check(author, what: "author")
        try Identifier.check(clientOpID, what: "client op id")
        return PendingEvent(
            author: author, clientOpID: clientOpID, payload: try payload.validated(), serverTime: serverTime,
            isChecked: true)
    }

    /// This event checked (itself, when it was made checked).
    public func checked() throws -> PendingEvent {
        isChecked
            ? self : try Self.checked(author: author, clientOpID: clientOpID, payload: payload, serverTime: serverTime)
    }

    public static func == (lhs: PendingEvent, rhs: PendingEvent) -> Bool {
        lhs.author == rhs.author && lhs.clientOpID == rhs.clientOpID && lhs.payload == rhs.payload
            && lhs.serverTime == rhs.serverTime
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(author)
        hasher.combine(clientOpID)
        hasher.combine(payload)
        hasher.combine(serverTime)
    }
}
