import Synchronization

/// Answers of a deterministic function of its key (a classification, a reading, a whole
/// screen's recognition, a generated file), computed once.
///
/// Strokes never change once logged (an edit is an erase plus a new stroke), so a key's answer
/// never goes stale. Thread-safe and bounded in two generations: when the newer one holds
/// `capacity` answers it becomes the older one and the oldest answers go; an answer found in the
/// older one moves up. Answers are deterministic, so forgetting one only costs time.
public final class AnswerCache<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private struct Generations {
        var newer: [Key: Answer] = [:]
        var older: [Key: Answer] = [:]

        mutating func insert(_ answer: Answer, for key: Key, capacity: Int) {
            if newer.count >= capacity {
                older = newer
                newer = [:]
            }
            newer[key] = answer
        }
    }

    private let generations = Mutex(Generations())
    /// Most answers kept per generation (at most twice this many in all).
    public let capacity: Int

    /// A cache of up to `capacity` answers per generation.
    public init(capacity: Int = 50_000) { self.capacity = max(capacity, 1) }

    /// The cached answer for `key`, or `compute()`'s, which is then cached (nothing is cached when
    /// it throws).
    public func answer(for key: Key, compute: () throws -> Answer) rethrows -> Answer {
        let capacity = capacity
        let hit = generations.withLock { g -> Answer? in
            if let hit = g.newer[key] { return hit }
            guard let hit = g.older.removeValue(forKey: key) else { return nil }
            g.insert(hit, for: key, capacity: capacity)
            return hit
        }
        if let hit { return hit }
        let answer = try compute()
        generations.withLock { $0.insert(answer, for: key, capacity: capacity) }
        return answer
    }

    /// Forgets every answer (each is computed again when next asked for).
    public func removeAll() { generations.withLock { $0 = Generations() } }

    /// How many answers are cached.
    public var count: Int { generations.withLock { $0.newer.count + $0.older.count } }
}
