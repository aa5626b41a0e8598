import SessionModel

/// The checkpoint rules every ``SessionStore`` backend follows, apart from how rows are read and
/// written: which stored checkpoint is trusted, which are rebuilt or dropped at a writer's open,
/// and which an append stores. Checkpoints only ever save work; the events stay the only truth.
package enum CheckpointPlan {
    /// A stored checkpoint: its seq and, when its SHA-256 matches, its encoded state.
    package typealias Row = (seq: Int64, encoded: [UInt8]?)

    /// The encoded state of a stored checkpoint whose digest matches; nil otherwise.
    package static func intact(sha256: [UInt8], encoded: [UInt8]) -> [UInt8]? {
        SessionState.checkpointDigest(encoded) == sha256 ? encoded : nil
    }

    /// The state an intact checkpoint holds, if it decodes to the state at the seq it is stored
    /// under; nil otherwise.
    package static func decoded(seq: Int64, encoded: [UInt8]) -> SessionState? {
        guard let state = try? SessionState(checkpoint: encoded), state.lastSeq == seq else { return nil }
        return state
    }

    /// What a writer's open does: the state at `head`, folded on from the newest checkpoint that
    /// verifies and precedes every missing wanted one, the wanted checkpoints to rebuild (from
    /// the same fold), and the stored ones to drop (damaged or no longer wanted).
    package static func repair(
        rows: [Row], head: Int64, policy: CheckpointPolicy,
        forEachEvent: (_ after: Int64, _ through: Int64, (EventRecord) throws -> Void) throws -> Void
    ) throws -> (state: SessionState, rebuild: [SessionState], drop: [Int64]) {
        let wanted = policy.wanted(head: head)
        var intact = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.encoded.map { (row.seq, $0) } })
        var missing = Set(wanted.filter { intact[$0] == nil })
        var start = SessionState()
        while let seq = intact.keys.filter({ $0 <= head && $0 < missing.min() ?? .max }).max() {
            if let state = decoded(seq: seq, encoded: intact[seq]!) {
                start = state
                break
            }
            intact[seq] = nil
            if wanted.contains(seq) { missing.insert(seq) }
        }
        var state = start
        var rebuild: [SessionState] = []
        try forEachEvent(start.lastSeq, head) { record in
            state.apply(record)
            if missing.contains(record.seq) { rebuild.append(state) }
        }
        let drop = rows.map(\.seq).filter { intact[$0] == nil || !wanted.contains($0) }
        return (state, rebuild, drop)
    }

    /// What an append stores: the states at the boundaries its stored records reach, folded on
    /// from `state` (the log before them), and whether the kept set must be pruned; nil when
    /// no boundary is reached.
    package static func boundaries(
        from state: SessionState, folding outcomes: [AppendOutcome], policy: CheckpointPolicy
    )
        -> (states: [SessionState], wanted: Set<Int64>)?
    {
        let stored = outcomes.compactMap { outcome -> EventRecord? in
            if case .stored(let record) = outcome { record } else { nil }
        }
        guard let head = stored.last?.seq, stored.contains(where: { policy.isBoundary($0.seq) }) else { return nil }
        var folding = state
        var states: [SessionState] = []
        for record in stored {
            folding.apply(record)
            if policy.isBoundary(record.seq) { states.append(folding) }
        }
        return (states, Set(policy.wanted(head: head)))
    }
}
