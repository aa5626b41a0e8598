import StrokeLog

/// A run of rows ``Lists`` found, as the key of the list it makes (``PipelineCaches/lists``):
/// after one more stroke only a run the stroke changed is made into a list again; every other
/// list on the screen is reused.
///
/// ``Lists/makeList(_:)`` is a function of the run's rows, and a row of its parts (its frame is
/// theirs), so the rows' parts, compared in full, are the key (parts reused from
/// ``PipelineCaches/subtrees`` share their arrays' storage, which makes comparing them cheap).
///
/// The hash is worked out once and compared first: a dictionary compares a key with every key
/// in the buckets it probes, and runs of one list a row apart would be compared row by row up to
/// where they differ.
struct ListRunKey: Hashable, Sendable {
    let rows: [[Part]]
    private let digest: Int

    init(_ run: Lists.Run) {
        rows = run.rows.map(\.parts)
        digest = rows.hashValue
    }

    static func == (a: ListRunKey, b: ListRunKey) -> Bool { a.digest == b.digest && a.rows == b.rows }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

extension Lists {
    /// The list `run` makes (``makeList(_:)``), from `made` when the same rows made one before.
    static func list(of run: Run, made: AnswerCache<ListRunKey, Part?>?) -> Part? {
        guard let made else { return makeList(run) }
        return made.answer(for: ListRunKey(run)) { makeList(run) }
    }
}
