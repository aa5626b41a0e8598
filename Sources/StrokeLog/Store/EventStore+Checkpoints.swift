import SessionModel

/// Checkpoints: derived snapshots of the fold in the `checkpoints` table (layout 2). They only
/// ever save work; the events table stays the only truth. A checkpoint is used only after its
/// SHA-256 matches and it decodes to the seq it is stored under; one that fails is skipped, and
/// the next writer to open the file rebuilds it from the events.
extension EventStore {
    /// The state at `seq` (the head when `seq` is past it), folded on from the newest verified
    /// checkpoint at or before `seq`. With `fromCheckpoints: false` it folds every event from the
    /// first, ignoring checkpoints (what verification compares against).
    public func replay(through seq: Int64 = .max, fromCheckpoints: Bool = true) throws -> StoreReplay {
        var start = StoreReplay(state: SessionState(), checkpointSeq: 0)
        if fromCheckpoints, let found = try newestVerifiedCheckpoint(atOrBefore: seq) { start = found }
        var state = start.state
        try forEachEvent(after: start.checkpointSeq, through: seq) { state.apply($0) }
        return StoreReplay(state: state, checkpointSeq: start.checkpointSeq)
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
        let plan = try CheckpointPlan.repair(rows: try checkpointRows(), head: head, policy: checkpointPolicy) {
            after, through, body in
            try forEachEvent(after: after, through: through, body)
        }
        if !plan.rebuild.isEmpty || !plan.drop.isEmpty {
            // Only derived data: if it cannot be written now, the next writer's open tries again.
            try? db.transaction {
                guard try db.scalarInt("SELECT IFNULL(MAX(seq), 0) FROM events") == head else { return }
                try deleteCheckpoints(plan.drop)
                for checkpoint in plan.rebuild { try insertCheckpoint(checkpoint) }
            }
        }
        return plan.state
    }

    /// Inside ``append(now:choosing:)``'s transaction: folds `state` (the log at the old head) on
    /// through the stored records, stores the state at every boundary they reach, then drops the
    /// checkpoints the policy no longer keeps. All of it in a savepoint: a checkpoint that cannot
    /// be written is left for the next writer's open to rebuild, and never fails the commit.
    func storeCheckpoints(from state: SessionState, folding outcomes: [AppendOutcome]) {
        guard hasCheckpointTable,
            let plan = CheckpointPlan.boundaries(from: state, folding: outcomes, policy: checkpointPolicy)
        else { return }
        do {
            try db.execute("SAVEPOINT checkpoints")
        } catch {
            return
        }
        do {
            for checkpoint in plan.states { try insertCheckpoint(checkpoint) }
            try deleteCheckpoints(try checkpointSeqs().filter { !plan.wanted.contains($0) })
        } catch {
            try? db.execute("ROLLBACK TO checkpoints")
        }
        try? db.execute("RELEASE checkpoints")
    }

    private func newestVerifiedCheckpoint(atOrBefore seq: Int64) throws -> StoreReplay? {
        guard hasCheckpointTable else { return nil }
        let rows = try db.prepare("SELECT seq, sha256, state FROM checkpoints WHERE seq <= ? ORDER BY seq DESC")
        rows.bind(1, seq)
        while try rows.step() {
            if let encoded = CheckpointPlan.intact(sha256: rows.blob(1), encoded: rows.blob(2)),
                let state = CheckpointPlan.decoded(seq: rows.int(0), encoded: encoded)
            {
                return StoreReplay(state: state, checkpointSeq: state.lastSeq)
            }
        }
        return nil
    }

    /// Every stored checkpoint, oldest first, with its encoded state when its digest matches.
    private func checkpointRows() throws -> [CheckpointPlan.Row] {
        let rows = try db.prepare("SELECT seq, sha256, state FROM checkpoints ORDER BY seq")
        var result: [CheckpointPlan.Row] = []
        while try rows.step() {
            result.append((rows.int(0), CheckpointPlan.intact(sha256: rows.blob(1), encoded: rows.blob(2))))
        }
        return result
    }

    private func checkpointSeqs() throws -> [Int64] {
        let rows = try db.prepare("SELECT seq FROM checkpoints ORDER BY seq")
        var seqs: [Int64] = []
        while try rows.step() { seqs.append(rows.int(0)) }
        return seqs
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
