import StrokeLog

/// A run of rows ``Lists`` found, as the key of the list it makes (``PipelineCaches/lists``):
/// after one more stroke only a run the stroke changed is made into a list again; every other
/// list on the screen is reused.
///
/// ``Lists/makeList(_:)`` is a function of the run's rows, and a row of its parts (its frame is
/// theirs), so the rows' parts, compared in full, are the key (parts reused from
/// ``PipelineCaches/subtrees`` share their arrays' storage, which makes comparing them cheap).
struct ListRunKey: Hashable, Sendable {
    let rows: [[Part]]

    init(_ run: Lists.Run) { rows = run.rows.map(\.parts) }
}

extension Lists {
    /// The list `run` makes (``makeList(_:)``), from `made` when the same rows made one before.
    static func list(of run: Run, made: AnswerCache<ListRunKey, Part?>?) -> Part? {
        guard let made else { return makeList(run) }
        return made.answer(for: ListRunKey(run)) { makeList(run) }
    }
}
