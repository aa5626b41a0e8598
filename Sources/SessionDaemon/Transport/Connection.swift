/// One WebSocket connection, owned by the service thread: the transport's side of a client
/// (the sessions service keeps the rest, in a ``Client``).
@ServiceLoop
final class Connection {
    /// Process-unique id (a wsi pointer can be reused after close; this cannot).
    let id: Int
    /// The peer's address, for the per-address connection cap.
    let address: String
    var assembler: MessageAssembler
    var outgoing: OutgoingQueue

    /// The session named by the upgrade path (`/ws/<session>`), which is the only one this
    /// connection may join or create; nil on plain `/ws`.
    var pathSession: String?

    /// Set once the connection is being closed; nothing more is queued then.
    var closing: CloseIntent?
    /// Whether it is in ``TransportService/queuedThisTurn`` (written when the turn ends).
    var writesAtTurnEnd = false

    /// What the peer address may spend (shared with its other connections).
    let addressBudget: AddressBudget
    /// Empty frames (such as zero-length continuations): a few are harmless, a flood is not.
    var emptyFrames: TokenBucket

    init(id: Int, address: String, addressBudget: AddressBudget, limits: DaemonLimits, now: Double) {
        self.id = id
        self.address = address
        assembler = MessageAssembler(limit: limits.maxMessageBytes)
        outgoing = OutgoingQueue(capacity: limits.outgoingQueue, byteCapacity: limits.outgoingQueueBytes)
        self.addressBudget = addressBudget
        emptyFrames = TokenBucket(burst: 1_000, perSecond: 100, now: now)
    }
}

extension Connection {
    /// The session id of a `/ws/<session>` path (lws accepts only `/ws` and ids after it).
    nonisolated static func session(inPath path: String) -> String? {
        let prefix = "/ws/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}

/// Why and how a connection is being closed.
struct CloseIntent {
    var code: Int
    var reason: String
    /// The close frame waits until the rest of an oversized message has been read.
    var afterSkippedMessage = false
}
