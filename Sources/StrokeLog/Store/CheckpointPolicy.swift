import SessionModel

/// When the writer stores checkpoints (derived snapshots of the fold) and which it keeps.
///
/// A checkpoint is written every ``interval`` events, in the transaction whose commit reaches
/// that seq. A checkpoint holds the whole state, so keeping every one would grow the file
/// quadratically with the log; the writer keeps the newest and those at multiples of
/// `interval × stride`, the stride being the largest power of two with
/// `stride × maxKept <= newest / interval` (at least 1). So between `maxKept` and about
/// `2 × maxKept` stay, evenly spaced, and a replay to any seq folds at most about
/// `head / maxKept` events on top of one.
public struct CheckpointPolicy: Hashable, Sendable {
    /// Events between checkpoints.
    public var interval: Int64
    /// About half the most checkpoints kept.
    public var maxKept: Int64

    /// A checkpoint every 1,000 events, 4 to 9 of them kept.
    public static let standard = CheckpointPolicy(interval: 1000, maxKept: 4)

    /// A policy; `interval` and `maxKept` must be positive.
    public init(interval: Int64, maxKept: Int64 = 4) {
        precondition(interval > 0 && maxKept > 0, "checkpoint interval and count must be positive")
        self.interval = interval
        self.maxKept = maxKept
    }

    /// Whether the log reaches a checkpoint boundary at `seq`.
    public func isBoundary(_ seq: Int64) -> Bool { seq > 0 && seq % interval == 0 }

    /// The newest boundary at or before `seq` (0 when there is none).
    public func lastBoundary(atOrBefore seq: Int64) -> Int64 { seq / interval * interval }

    /// The spacing, in seqs, of the checkpoints kept once the newest is at `newest`.
    public func keptSpacing(newest: Int64) -> Int64 {
        let boundaries = newest / interval
        var stride: Int64 = 1
        while stride * 2 * maxKept <= boundaries { stride *= 2 }
        return stride * interval
    }

    /// Whether the checkpoint at `seq` is kept once the newest is at `newest`.
    public func keeps(_ seq: Int64, newest: Int64) -> Bool {
        seq == newest || (isBoundary(seq) && seq <= newest && seq % keptSpacing(newest: newest) == 0)
    }

    /// The checkpoints that should exist once the log's head is at `head`, oldest first.
    public func wanted(head: Int64) -> [Int64] {
        let newest = lastBoundary(atOrBefore: head)
        guard newest > 0 else { return [] }
        return stride(from: interval, through: newest, by: Int(interval)).filter { keeps($0, newest: newest) }
    }
}
