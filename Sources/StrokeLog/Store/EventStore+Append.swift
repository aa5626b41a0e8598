import SessionModel

/// Appending: one transaction per batch, returning after the commit (and its fsync).
extension EventStore {
    /// Appends in one transaction what `choose` picks once it has the events another process
    /// appended since ``lastSeq`` (adopted as read, even if the append then fails), and returns
    /// after the commit: the choice (validation, the exactly-once lookups) sees what is stored,
    /// inside the commit's own transaction, with no read transaction of its own. `choose`
    /// returns the events, their payloads validated (``EventPayload/validated()``), and the state
    /// of the log before them.
    ///
    /// A retried operation (same author and client op id, same payload) is not stored again and
    /// comes back as ``AppendOutcome/duplicate(_:)``. The transaction also stores a checkpoint at every
    /// ``checkpointPolicy`` boundary the batch reaches (and drops the ones the policy no longer keeps).
    /// - Throws: ``StrokeLogError/conflictingRetry(clientOpID:originalSeq:)`` if an op id is
    ///   reused for a different payload, or what `choose` throws; nothing of the batch is stored then.
    public func append(
        now: Int64, choosing choose: ([EventRecord]) throws -> (events: [PendingEvent], state: SessionState)
    ) throws -> [AppendOutcome] {
        var head = lastSeq
        lookedUp = [:]
        defer { lookedUp = nil }
        let outcomes: [AppendOutcome] = try db.transaction {
            let foreign = try Self.headSeq(db) == lastSeq ? [] : takeEventsAppendedElsewhere()
            let (events, state) = try choose(foreign)
            let inserted = try insertAfterHead(events, now: now, after: state)
            head = inserted.head
            return inserted.outcomes
        }
        lastSeq = head
        return outcomes
    }

    /// Inside a write transaction at ``lastSeq``: stores `events` after it (and the checkpoints
    /// they reach); returns the new head, for ``lastSeq`` once the transaction commits. The
    /// exactly-once lookup of each event is the one `choose` made (``lookedUp``), not a second.
    private func insertAfterHead(_ events: [PendingEvent], now: Int64, after state: SessionState?) throws -> (
        outcomes: [AppendOutcome], head: Int64
    ) {
        var next = lastSeq
        let outcomes: [AppendOutcome] = try events.map { event in
            let bytes = event.payload.binaryEncoded()
            if let original = try lookup(author: event.author, clientOpID: event.clientOpID) {
                guard original.payload == event.payload else {
                    throw StrokeLogError.conflictingRetry(clientOpID: event.clientOpID, originalSeq: original.seq)
                }
                return .duplicate(original)
            }
            next += 1
            let time = event.serverTime ?? now
            insert.reset()
            insert.bind(1, next)
            insert.bind(2, event.author)
            insert.bind(3, event.clientOpID)
            insert.bind(4, event.payload.kind.rawValue)
            insert.bind(5, bytes)
            insert.bind(6, time)
            _ = try insert.step()
            let record = EventRecord(
                seq: next, author: event.author, clientOpID: event.clientOpID, serverTime: time, payload: event.payload)
            lookedUp?[Self.opKey(author: event.author, clientOpID: event.clientOpID)] = record
            return .stored(record)
        }
        if let state, state.lastSeq == lastSeq, next > lastSeq {
            storeCheckpoints(from: state, folding: outcomes)
        }
        return (outcomes, next)
    }
}
