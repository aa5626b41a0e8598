/// Identity of a set of strokes for caches: their fingerprints (``MeasuredStroke/fingerprint``),
/// sorted, so the same strokes always give the same key and reused ids with other points never
/// collide. Hashing it reads a few words, never a formatted string.
struct GroupKey: Hashable, Sendable {
    let fingerprints: [UInt64]

    init(_ inks: [Ink]) {
        var fingerprints = inks.map(\.fingerprint)
        fingerprints.sort()
        self.fingerprints = fingerprints
    }
}

/// A stroke group on a screen of a given size: the key of the per-group caches
/// (``PipelineCaches/classifications``, ``PipelineCaches/refinements``), since the classifier
/// sees the group relative to the screen.
struct ScreenGroupKey: Hashable, Sendable {
    let width: Double
    let height: Double
    let group: GroupKey
}
