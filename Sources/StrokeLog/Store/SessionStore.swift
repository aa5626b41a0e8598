import SessionModel

/// One session's durable, append-only event log, with its small key-value table (tokens, client
/// secrets) and its checkpoints: what ``SessionLog``, readers and ``SessionCapabilities`` use,
/// whatever holds the log.
///
/// Two backends keep the same contract (`Tests/StoreContractTests` runs it against both):
/// ``EventStore``, one SQLite file per session (the default), and `PostgresSessionStore`, rows in
/// a PostgreSQL database (the cluster's log of record).
///
/// The contract:
/// - seqs are 1, 2, 3, ... with no gap, and a stored event never changes;
/// - ``append(now:choosing:)`` returns only once its commit is durable (fsynced; in PostgreSQL,
///   committed and, with a synchronous standby, replicated), and a retried op (same author and
///   client op id) is answered with its first record, never stored twice;
/// - what another writer appended (`sketchctl`, or another node) is seen by the next append
///   before it chooses, and by ``changedElsewhere()``.
///
/// Not thread-safe: confine a store to one thread or serial queue.
public protocol SessionStore: AnyObject {
    /// Where the log is, for errors and logs: a file path, or a database and session.
    var location: String { get }
    /// The seq of the newest event this store has seen (0 when empty).
    var lastSeq: Int64 { get }
    /// Whether this store may write (false for read-only openings).
    var isWritable: Bool { get }
    /// When appends store checkpoints and which are kept.
    var checkpointPolicy: CheckpointPolicy { get set }

    /// Appends, in one transaction, what `choose` picks once it has the events appended
    /// elsewhere since ``lastSeq`` (adopted as read, even if the append then fails); returns
    /// after the commit. `choose` returns the events, their payloads validated
    /// (``EventPayload/validated()``), and the state of the log before them. A retry (same author
    /// and client op id, same payload) comes back as ``AppendOutcome/duplicate(_:)``.
    ///
    /// ``SessionLog`` drives this; call ``SessionLog/append(_:atomically:now:)`` instead.
    /// - Throws: ``StrokeLogError/conflictingRetry(clientOpID:originalSeq:)`` if an op id is
    ///   reused for a different payload, or what `choose` throws; nothing is stored then.
    func append(now: Int64, choosing choose: ([EventRecord]) throws -> (events: [PendingEvent], state: SessionState))
        throws -> [AppendOutcome]

    /// The stored record of (author, clientOpID), if any.
    func lookup(author: String, clientOpID: String) throws -> EventRecord?

    /// Calls `body` with every event with `seq > after` and `seq <= through`, in order.
    func forEachEvent(after: Int64, through: Int64, _ body: (EventRecord) throws -> Void) throws

    /// How many events are stored, and the server time of the newest (nil when empty).
    func summary() throws -> (count: Int64, lastChange: Int64?)

    /// A value of the session's key-value table (never events).
    func meta(_ key: String) throws -> String?

    /// Every entry of the session's key-value table (token and secret digests, consent...),
    /// sorted by key: what a copy of the session must carry.
    func metaEntries() throws -> [(key: String, value: String)]

    /// Sets a value of the session's key-value table, durably.
    func setMeta(_ key: String, _ value: String) throws

    /// Whether another writer committed (events or metadata) since the last call; cheap enough
    /// to ask often.
    func changedElsewhere() throws -> Bool

    /// The events another writer appended after ``lastSeq``, adopting the new head.
    func takeEventsAppendedElsewhere() throws -> [EventRecord]

    /// The seqs of the stored checkpoints, oldest first, with whether each one's SHA-256 matches.
    func storedCheckpoints() throws -> [(seq: Int64, digestMatches: Bool)]

    /// For a writer's open: the state at the head, folded on from the newest verified
    /// checkpoint, with missing and damaged checkpoints rebuilt where the store may write.
    func foldRepairingCheckpoints() throws -> SessionState

    /// The state at `seq` (the head when past it), folded on from the newest verified
    /// checkpoint at or before `seq`, or from the first event with `fromCheckpoints: false`.
    func replay(through seq: Int64, fromCheckpoints: Bool) throws -> StoreReplay
}

extension SessionStore {
    /// The events with `seq > after`, at most `limit` of them, in order.
    public func events(after: Int64, limit: Int = .max) throws -> [EventRecord] {
        var records: [EventRecord] = []
        let through = limit == .max ? Int64.max : after + Int64(limit)
        try forEachEvent(after: after, through: through) { records.append($0) }
        return records
    }

    /// Calls `body` with every event after `after`, in order.
    public func forEachEvent(after: Int64 = 0, _ body: (EventRecord) throws -> Void) throws {
        try forEachEvent(after: after, through: .max, body)
    }

    /// The state at `seq` (the head when past it), folded on from the newest verified checkpoint.
    public func replay(through seq: Int64 = .max) throws -> StoreReplay {
        try replay(through: seq, fromCheckpoints: true)
    }
}

/// The outcome of appending one event.
public enum AppendOutcome: Hashable, Sendable {
    /// Newly stored.
    case stored(EventRecord)
    /// Already stored earlier under the same (author, clientOpID): the original record.
    case duplicate(EventRecord)
}

/// A state folded through the log, and where the fold started.
public struct StoreReplay: Sendable {
    /// The state at the seq asked for (or at the head, if that comes first).
    public var state: SessionState
    /// The seq of the verified checkpoint the fold started from; 0 when it started from the
    /// first event.
    public var checkpointSeq: Int64

    /// A fold that started at `checkpointSeq`.
    public init(state: SessionState, checkpointSeq: Int64) {
        self.state = state
        self.checkpointSeq = checkpointSeq
    }
}
