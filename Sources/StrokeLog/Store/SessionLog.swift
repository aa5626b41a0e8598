import SessionModel

/// A session: its event store and the state folded from it, kept in step.
///
/// ``append(_:)`` validates each operation against the rules and the current state, commits the
/// valid ones in one transaction, folds them in, and only then returns. Not thread-safe: confine
/// a `SessionLog` to one thread or serial queue.
public final class SessionLog {
    /// The session's name (its file name without extension).
    public let name: String
    /// The durable log.
    public let store: any SessionStore
    /// The state at ``SessionStore/lastSeq``.
    public private(set) var state: SessionState
    private var absorbed: [EventRecord] = []

    /// The result of one operation of an ``append(_:)`` batch.
    public enum Result: Sendable {
        /// Stored now, with what folding it did.
        case stored(EventRecord, FoldOutcome)
        /// Stored earlier under the same (author, clientOpID); nothing new was written.
        case duplicate(EventRecord)
        /// Refused; nothing was written.
        case rejected(StrokeLogError)
    }

    /// Opens a session store and folds its log on from its newest verified checkpoint,
    /// rebuilding missing or damaged checkpoints (see ``SessionStore/foldRepairingCheckpoints()``).
    public init(name: String, store: any SessionStore) throws {
        self.name = name
        self.store = store
        state = try store.foldRepairingCheckpoints()
    }

    /// Validates, commits and folds a batch of operations; returns after the commit.
    ///
    /// With `atomically`, any rejected operation fails the whole batch before anything is
    /// written (its error is thrown); otherwise the valid operations are stored and the invalid
    /// ones come back as ``Result/rejected(_:)``. Everything happens in the commit's one
    /// transaction: first the events another process appended are folded in (see
    /// ``takeAbsorbedRecords()``), then the batch is checked against that state and stored.
    public func append(_ events: [PendingEvent], atomically: Bool = false, now: Int64 = EventStore.currentTime()) throws
        -> [Result]
    {
        var results: [Result?] = []
        var accepted: [Int] = []
        let outcomes = try store.append(now: now) { foreign in
            for record in foreign {
                state.apply(record)
                absorbed.append(record)
            }
            let checked = try check(events, atomically: atomically)
            results = checked.results
            accepted = checked.accepted.map(\.index)
            return (checked.accepted.map(\.event), state)
        }
        for (index, outcome) in zip(accepted, outcomes) {
            switch outcome {
            case .stored(let record): results[index] = .stored(record, state.apply(record))
            case .duplicate(let original): results[index] = .duplicate(original)
            }
        }
        return results.map { $0! }
    }

    /// Events that another process appended to the file and this log has folded in since the
    /// last call, in seq order: a daemon broadcasts them like its own.
    public func takeAbsorbedRecords() -> [EventRecord] {
        defer { absorbed = [] }
        return absorbed
    }

    /// Folds in what another process appended since the log last looked (see
    /// ``takeAbsorbedRecords()``); costs one `PRAGMA` when nothing changed.
    /// - Returns: whether the file changed elsewhere at all (events, or metadata such as tokens).
    @discardableResult
    public func absorbExternalChanges() throws -> Bool {
        guard try store.changedElsewhere() else { return false }
        for record in try store.takeEventsAppendedElsewhere() {
            state.apply(record)
            absorbed.append(record)
        }
        return true
    }

    /// Inside the append's transaction: each operation checked against the rules (unless it was
    /// made checked, ``PendingEvent/checked(author:clientOpID:payload:serverTime:)``) and the
    /// state (a retry of a stored one is not checked against it again); the rejected ones have their result, the
    /// others go on to be stored. Throws the first rejection when `atomically`.
    private func check(_ events: [PendingEvent], atomically: Bool) throws -> (
        results: [Result?], accepted: [(index: Int, event: PendingEvent)]
    ) {
        var results = [Result?](repeating: nil, count: events.count)
        var accepted: [(index: Int, event: PendingEvent)] = []
        var pending = SessionState.PendingAdditions()
        for (index, event) in events.enumerated() {
            do {
                let canonical = try event.checked()
                if try store.lookup(author: event.author, clientOpID: event.clientOpID) == nil,
                    !accepted.contains(where: {
                        $0.event.author == event.author && $0.event.clientOpID == event.clientOpID
                    })
                {
                    try state.check(canonical.payload, pending: pending)
                    pending.note(canonical.payload)
                }
                accepted.append((index, canonical))
            } catch let error as StrokeLogError {
                results[index] = .rejected(error)
            }
        }
        if atomically,
            let firstError = results.lazy.compactMap({ result -> StrokeLogError? in
                if case .rejected(let error) = result { return error } else { return nil }
            }).first
        {
            throw firstError
        }
        return (results, accepted)
    }

    /// Appends one operation; see ``append(_:atomically:now:)``.
    public func append(_ event: PendingEvent) throws -> Result {
        try append([event])[0]
    }

    /// The state at `seq` (the whole log when `seq` is at or past the end), folded from disk on
    /// from the newest verified checkpoint at or before it.
    public func state(at seq: Int64) throws -> SessionState {
        if seq >= store.lastSeq { return state }
        return try store.replay(through: seq).state
    }
}
