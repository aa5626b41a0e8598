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
        case seq, author, clientOpID = "clientOpId", serverTime, payload = "event"
    }
}

/// An operation waiting to be appended: the log assigns seq and server time.
public struct PendingEvent: Hashable, Sendable {
    /// The client id of the person who did it.
    public var author: String
    /// The client's own id for the operation.
    public var clientOpID: String
    /// What was done.
    public var payload: EventPayload
    /// The server time to record instead of the append's: only for a copy of an event stored
    /// before (``SessionCopy``, restoring a backup); nil for every new operation.
    public var serverTime: Int64?

    /// Creates a pending event.
    public init(author: String, clientOpID: String, payload: EventPayload, serverTime: Int64? = nil) {
        self.author = author
        self.clientOpID = clientOpID
        self.payload = payload
        self.serverTime = serverTime
    }
}
