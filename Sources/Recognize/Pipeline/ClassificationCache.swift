import Synchronization

/// Classifier answers keyed by stroke-group identity (the screen size and its strokes'
/// fingerprints), so after one more stroke only the groups that changed are classified again.
typealias ClassificationCache = AnswerCache<String, GroupLabel>

/// Answers of a deterministic function of strokes (a classification, a reading, a refinement),
/// keyed by the strokes' identity.
///
/// Strokes never change once logged (an edit is an erase plus a new stroke), so a key's answer
/// never goes stale. The cache is bounded; when full it starts over (answers are deterministic,
/// so this only costs time).
final class AnswerCache<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private let entries = Mutex<[Key: Answer]>([:])
    /// Most answers kept.
    let capacity: Int

    init(capacity: Int = 50_000) { self.capacity = capacity }

    /// The cached answer for `key`, or `compute()`'s, which is then cached.
    func answer(for key: Key, compute: () throws -> Answer) rethrows -> Answer {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let answer = try compute()
        entries.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = answer
        }
        return answer
    }

    /// How many answers are cached.
    var count: Int { entries.withLock { $0.count } }
}
