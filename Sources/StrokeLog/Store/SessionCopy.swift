import SessionModel

/// Copies a session between stores, whatever holds each: a PostgreSQL session into a backup's
/// SQLite file, or a backup's file into a database. Every event keeps its seq, author, client op
/// id and server time, and every metadata entry (token and secret digests, consent) comes along,
/// so the copy folds to the same state and answers the same tokens and retries.
public enum SessionCopy {
    /// Events per transaction of the copy.
    public static let batchSize = 500

    /// Copies `source`'s metadata and every event through `through` (its head by default) into
    /// `target`, a session just created and still empty.
    /// - Returns: the copy's head seq.
    /// - Throws: ``StrokeLogError/storage(_:)`` if `target` is not empty, or if an event does
    ///   not land at its own seq; what the stores throw.
    @discardableResult
    public static func copy(from source: any SessionStore, into target: SessionLog, through: Int64 = .max) throws
        -> Int64
    {
        guard target.store.lastSeq == 0 else {
            throw StrokeLogError.storage(
                "\(target.store.location) is not empty: a session is copied only into a new one")
        }
        for (key, value) in try source.metaEntries() { try target.store.setMeta(key, value) }
        var batch: [EventRecord] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            let pending = batch.map {
                PendingEvent(
                    author: $0.author, clientOpID: $0.clientOpID, payload: $0.payload, serverTime: $0.serverTime)
            }
            let results = try target.append(pending, atomically: true, now: batch[0].serverTime)
            for (record, result) in zip(batch, results) {
                guard case .stored(let copied, _) = result, copied.seq == record.seq else {
                    throw StrokeLogError.storage(
                        "event \(record.seq) of \(source.location) did not land at its seq in \(target.store.location)")
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        try source.forEachEvent(after: 0, through: through) { record in
            batch.append(record)
            if batch.count == batchSize { try flush() }
        }
        try flush()
        return target.store.lastSeq
    }
}
