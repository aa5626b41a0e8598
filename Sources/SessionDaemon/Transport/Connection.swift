import SessionProtocol
import StrokeLog

/// One WebSocket client, owned by the service thread.
@ServiceLoop
final class Connection {
    /// Process-unique id (a wsi pointer can be reused after close; this cannot).
    let id: Int
    /// The peer's address, for the per-address connection cap.
    let address: String
    var assembler: MessageAssembler
    var outgoing: OutgoingQueue

    /// Who the client said it is (`hello`); nil before.
    var identity: ClientIdentity?
    /// The session joined and the role its token grants; nil before `join`.
    var membership: Membership?
    /// The session named by the upgrade path (`/ws/<session>`), which is the only one this
    /// connection may join or create; nil on plain `/ws`.
    var pathSession: String?

    /// Set once the connection is being closed; nothing more is queued then.
    var closing: CloseIntent?
    /// Whether it is in ``TransportService/queuedThisTurn`` (written when the turn ends).
    var writesAtTurnEnd = false

    /// What the proven identity may spend (shared with its other connections); nil before join.
    var budget: IdentityBudget?
    /// What the peer address may spend (shared with its other connections).
    let addressBudget: AddressBudget
    /// Replays and exports: their rate, and whether one is being worked on.
    var heavyBucket: TokenBucket
    var heavyRequestInFlight = false
    /// Empty frames (such as zero-length continuations): a few are harmless, a flood is not.
    var emptyFrames: TokenBucket
    /// The newest presence not yet relayed.
    var pendingPresence: ClientMessage.PresenceUpdate?
    /// Whether its `recognition` messages carry the raw detections (`watchDetections`).
    var watchesDetections = false

    init(id: Int, address: String, addressBudget: AddressBudget, limits: DaemonLimits, now: Double) {
        self.id = id
        self.address = address
        assembler = MessageAssembler(limit: limits.maxMessageBytes)
        outgoing = OutgoingQueue(capacity: limits.outgoingQueue, byteCapacity: limits.outgoingQueueBytes)
        self.addressBudget = addressBudget
        emptyFrames = TokenBucket(burst: 1_000, perSecond: 100, now: now)
        heavyBucket = TokenBucket(burst: limits.heavyBurst, perSecond: limits.heavyPerSecond, now: now)
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

/// What `hello` said.
struct ClientIdentity {
    var clientId: String
    var name: String
    var color: String
    /// SHA-256 (hex) of the secret that proves `clientId` in the sessions it joins.
    var secretDigest: String
}

/// A connection's place in a session.
struct Membership {
    let room: SessionRoom
    let role: SessionCapabilities.Role
    /// Where catch-up from SQLite has got to; nil once the connection is live.
    var catchUpAfter: Int64?
    /// Whether a catch-up read is in flight (so only one is).
    var catchUpReading = false
    /// The newest seq this connection has been sent; live broadcasts skip what is not newer.
    var deliveredSeq: Int64
    /// While the catch-up read that reaches the head is in flight: what is committed meanwhile,
    /// sent after `caughtUp`.
    var heldLive: HeldLive?

    var isLive: Bool { catchUpAfter == nil }
}

/// Records committed while a connection's last catch-up read is in flight.
struct HeldLive {
    /// The head that read reaches; only newer records are held.
    let after: Int64
    var records: [EventRecord] = []

    mutating func hold(_ committed: [EventRecord]) {
        let newest = records.last?.seq ?? after
        records += committed.drop { $0.seq <= newest }
    }
}

/// Why and how a connection is being closed.
struct CloseIntent {
    var code: Int
    var reason: String
    /// The close frame waits until the rest of an oversized message has been read.
    var afterSkippedMessage = false
}
