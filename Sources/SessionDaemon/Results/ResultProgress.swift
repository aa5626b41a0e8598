/// The progress guarantee for results: when a newer change may cancel recognition in flight.
///
/// Cancelling a run that a newer change made stale saves work, but a session whose changes come
/// faster than a run finishes (peers drawing quickly on a loaded machine) would then never see a
/// result at all. So a newer change cancels the runs in flight only while the oldest change that
/// no result covers yet is younger than ``cancelWindow``. Past that, runs are left to finish and
/// their results are published; changes that arrive meanwhile are coalesced into one run over the
/// newest state, which starts when the current one ends. A change is therefore covered by a
/// published result within ``cancelWindow`` plus two runs of the session (PROTOCOL.md "Results"),
/// a run counted from its submission to the pool (its wait for a thread included) to its result.
/// ``published(seq:now:runSeconds:)`` checks each result against that bound.
struct ResultProgress {
    /// How long the oldest uncovered change may wait before runs in flight are no longer cancelled.
    static let cancelWindow = 0.25

    /// The changes no published result covers yet: their seq and when they were committed, oldest first.
    private var uncovered: [(seq: Int64, at: Double)] = []

    /// Notes a change up to `seq` committed at `now`; returns whether the runs in flight may be
    /// cancelled for a run over it.
    mutating func changed(seq: Int64, now: Double) -> Bool {
        uncovered.append((seq, now))
        return now - uncovered[0].at < Self.cancelWindow
    }

    /// The longest of the last few handed-over runs, in seconds: the "run" of the bound.
    private var recentRuns: [Double] = []

    /// A result that came later than the bound: how long its oldest change waited, and the bound.
    struct Lateness: Equatable {
        var waited: Double
        var bound: Double
    }

    /// Notes that a result of the state at `seq`, from a run that took `runSeconds`, was
    /// published at `now`: it covers every change up to `seq`. Returns the lateness when its
    /// oldest change waited longer than ``cancelWindow`` plus twice the longest recent run.
    mutating func published(seq: Int64, now: Double, runSeconds: Double) -> Lateness? {
        recentRuns.append(runSeconds)
        if recentRuns.count > 8 { recentRuns.removeFirst() }
        let oldest = uncovered.first.flatMap { $0.seq <= seq ? $0 : nil }
        uncovered.removeAll { $0.seq <= seq }
        guard let oldest else { return nil }
        let lateness = Lateness(waited: now - oldest.at, bound: Self.cancelWindow + 2 * (recentRuns.max() ?? 0))
        return lateness.waited > lateness.bound ? lateness : nil
    }
}
