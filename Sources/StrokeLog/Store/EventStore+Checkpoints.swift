/// Checkpoints: derived snapshots of the fold in the `checkpoints` table (layout 2). They only
/// ever save work; the events table stays the only truth. A checkpoint is used only after its
/// SHA-256 matches and it decodes to the seq it is stored under; one that fails is skipped, and
/// the next writer to open the file rebuilds it from the events.
extension EventStore {
    /// A state folded through the log, and where the fold started.
    public struct Replay: Sendable {
        /// The state at the seq asked for (or at the head, if that comes first).
        public var state: SessionState
        /// The seq of the verified checkpoint the fold started from; 0 when it started from the
        /// first event.
        public var checkpointSeq: Int64
    }

    /// The state at `seq` (the head when `seq` is past it), folded on from the newest verified
    /// checkpoint at or before `seq`. With `fromCheckpoints: false` it folds every event from the
    /// first, ignoring checkpoints (what verification compares against).
    public func replay(through seq: Int64 = .max, fromCheckpoints: Bool = true) throws -> Replay {
        var start = Replay(state: SessionState(), checkpointSeq: 0)
        if fromCheckpoints, let found = try newestVerifiedCheckpoint(atOrBefore: seq) { start = found }
        var state = start.state
        try forEachEvent(after: start.checkpointSeq, through: seq) { state.apply($0) }
        return Replay(state: state, checkpointSeq: start.checkpointSeq)
    }

    /// The seqs of the stored checkpoints, oldest first, with whether each one's SHA-256 matches.
    public func storedCheckpoints() throws -> [(seq: Int64, digestMatches: Bool)] {
        guard hasCheckpointTable else { return [] }
        return try checkpointRows().map { ($0.seq, $0.encoded != nil) }
    }

    /// For a writer's open: the state at the head, folded on from the newest verified
    /// checkpoint, with the table brought in line with ``checkpointPolicy`` in one transaction:
    /// missing and damaged checkpoints rebuilt from the events, damaged and unwanted ones dropped.
    /// A read-only store, or a file without the table, only folds.
    public func foldRepairingCheckpoints() throws -> SessionState {
        let head = lastSeq
        guard isWritable, hasCheckpointTable else { return try replay(through: head).state }
        let rows = try checkpointRows()
        let wanted = checkpointPolicy.wanted(head: head)
        var intact = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.encoded.map { (row.seq, $0) } })
        var missing = Set(wanted.filter { intact[$0] == nil })
        var start = SessionState()
        while let seq = intact.keys.filter({ $0 <= head && $0 < missing.min() ?? .max }).max() {
            if let state = Self.decoded(seq: seq, encoded: intact[seq]!) { start = state; break }
            intact[seq] = nil
            if wanted.contains(seq) { missing.insert(seq) }
        }
        var state = start
        var rebuilt: [SessionState] = []
        try forEachEvent(after: start.lastSeq, through: head) { record in
            state.apply(record)
            if missing.contains(record.seq) { rebuilt.append(state) }
        }
        let drop = rows.map(\.seq).filter { intact[$0] == nil || !wanted.contains($0) }
        if !rebuilt.isEmpty || !drop.isEmpty {
            // Only derived data: if it cannot be written now, the next writer's open tries again.
            try? db.transaction {
                guard try db.scalarInt("SELECT IFNULL(MAX(seq), 0) FROM events") == head else { return }
                try deleteCheckpoints(drop)
                for checkpoint in rebuilt { try insertCheckpoint(checkpoint) }
            }
        }
        return state
    }

    /// Inside ``append(now:choosing:)``'s transaction: folds `state` (the log at the old head) on
    /// through the stored records, stores the state at every boundary they reach, then drops the
    /// checkpoints the policy no longer keeps. All of it in a savepoint: a checkpoint that cannot
    /// be written is left for the next writer's open to rebuild, and never fails the commit.
    func storeCheckpoints(from state: SessionState, folding outcomes: [Outcome]) {
        let stored = outcomes.compactMap { outcome -> EventRecord? in
            if case .stored(let record) = outcome { record } else { nil }
        }
        guard hasCheckpointTable, let head = stored.last?.seq,
              stored.contains(where: { checkpointPolicy.isBoundary($0.seq) }) else { return }
        do {
            try db.execute("SAVEPOINT checkpoints")
        } catch {
            return
        }
        do {
            var folding = state
            for record in stored {
                folding.apply(record)
                if checkpointPolicy.isBoundary(record.seq) { try insertCheckpoint(folding) }
            }
            let wanted = Set(checkpointPolicy.wanted(head: head))
            try deleteCheckpoints(try checkpointSeqs().filter { !wanted.contains($0) })
        } catch {
            try? db.execute("ROLLBACK TO checkpoints")
        }
        try? db.execute("RELEASE checkpoints")
    }

    private func newestVerifiedCheckpoint(atOrBefore seq: Int64) throws -> Replay? {
        guard hasCheckpointTable else { return nil }
        let rows = try db.prepare("SELECT seq, sha256, state FROM checkpoints WHERE seq <= ? ORDER BY seq DESC")
        rows.bind(1, seq)
        while try rows.step() {
            if let encoded = Self.intact(sha256: rows.blob(1), encoded: rows.blob(2)),
               let state = Self.decoded(seq: rows.int(0), encoded: encoded) {
                return Replay(state: state, checkpointSeq: state.lastSeq)
            }
        }
        return nil
    }

    /// Every stored checkpoint, oldest first, with its encoded state when its digest matches.
    private func checkpointRows() throws -> [(seq: Int64, encoded: [UInt8]?)] {
        let rows = try db.prepare("SELECT seq, sha256, state FROM checkpoints ORDER BY seq")
        var result: [(seq: Int64, encoded: [UInt8]?)] = []
        while try rows.step() { result.append((rows.int(0), Self.intact(sha256: rows.blob(1), encoded: rows.blob(2)))) }
        return result
    }

    private func checkpointSeqs() throws -> [Int64] {
        let rows = try db.prepare("SELECT seq FROM checkpoints ORDER BY seq")
        var seqs: [Int64] = []
        while try rows.step() { seqs.append(rows.int(0)) }
        return seqs
    }

    /// The encoded state of a stored checkpoint whose digest matches; nil otherwise.
    private static func intact(sha256: [UInt8], encoded: [UInt8]) -> [UInt8]? {
        SessionState.checkpointDigest(encoded) == sha256 ? encoded : nil
    }

    /// The state an intact checkpoint holds, if it decodes to the state at the seq it is
    /// stored under; nil otherwise.
    private static func decoded(seq: Int64, encoded: [UInt8]) -> SessionState? {
        guard let state = try? SessionState(checkpoint: encoded), state.lastSeq == seq else { return nil }
        return state
    }

    private func insertCheckpoint(_ state: SessionState) throws {
        let encoded = state.checkpointEncoded()
        let insert = try db.prepare("INSERT OR REPLACE INTO checkpoints (seq, sha256, state) VALUES (?, ?, ?)")
        insert.bind(1, state.lastSeq)
        insert.bind(2, SessionState.checkpointDigest(encoded))
        insert.bind(3, encoded)
        _ = try insert.step()
    }

    private func deleteCheckpoints(_ seqs: [Int64]) throws {
        guard !seqs.isEmpty else { return }
        let delete = try db.prepare("DELETE FROM checkpoints WHERE seq = ?")
        for seq in seqs {
            delete.reset()
            delete.bind(1, seq)
            _ = try delete.step()
        }
    }
}
