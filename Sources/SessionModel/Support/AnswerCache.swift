import Synchronization

/// Answers of a deterministic function of its key (a classification, a reading, a whole
/// screen's recognition, a generated file), computed once.
///
/// Strokes never change once logged (an edit is an erase plus a new stroke), so a key's answer
/// never goes stale. Thread-safe and bounded in two generations: when the newer one holds
/// `capacity` answers it becomes the older one and the oldest answers go; an answer found in the
/// older one moves up. Answers are deterministic, so forgetting one only costs time.
///
/// The answers that go are freed one per insert by the callers that insert, outside the lock,
/// so no call frees a whole generation and no other thread frees while the callers work: freeing
/// 64 screens' results at once took 2 ms, and on a background queue it slowed the 4-5
/// recognitions that ran meanwhile to twice their time (bench/recognize).
///
/// Inlinable, so each user's keys and answers get specialised code: a lookup hashes and compares
/// its key directly, with no generic value witnesses copying it.
public final class AnswerCache<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    @usableFromInline
    struct Generations {
        @usableFromInline var newer: [Key: Answer] = [:]
        @usableFromInline var older: [Key: Answer] = [:]
        /// Answers that went, waiting to be freed by the next inserts.
        @usableFromInline var leaving: [Dictionary<Key, Answer>.Element] = []

        @usableFromInline init() {}

        /// Inserts `answer`; returns one answer that went, for the caller to free once the lock
        /// is released. A generation holds at most `capacity` answers and goes after `capacity`
        /// inserts at the soonest, so one per insert frees the answers that went with the last
        /// one before the next one goes.
        @inlinable
        mutating func insert(_ answer: Answer, for key: Key, capacity: Int) -> Dictionary<Key, Answer>.Element? {
            if newer.count >= capacity {
                leaving.append(contentsOf: older)
                older = newer
                newer = [:]
            }
            newer[key] = answer
            return leaving.popLast()
        }
    }

    @usableFromInline let generations = Mutex(Generations())
    /// Most answers kept per generation (at most twice this many in all).
    public let capacity: Int

    /// A cache of up to `capacity` answers per generation.
    public init(capacity: Int = 50_000) { self.capacity = max(capacity, 1) }

    /// The cached answer for `key`, or `compute()`'s, which is then cached (nothing is cached when
    /// it throws).
    @inlinable
    public func answer(for key: Key, compute: () throws -> Answer) rethrows -> Answer {
        let capacity = capacity
        // What an insert returns went from the cache: discarding it frees it, outside the lock.
        let (hit, _) = generations.withLock { g -> (Answer?, Dictionary<Key, Answer>.Element?) in
            if let hit = g.newer[key] { return (hit, nil) }
            guard let hit = g.older.removeValue(forKey: key) else { return (nil, nil) }
            return (hit, g.insert(hit, for: key, capacity: capacity))
        }
        if let hit { return hit }
        let answer = try compute()
        _ = generations.withLock { $0.insert(answer, for: key, capacity: capacity) }
        return answer
    }

    /// Forgets every answer (each is computed again when next asked for), freeing them before
    /// it returns.
    public func removeAll() {
        _ = generations.withLock { g -> Generations in
            defer { g = Generations() }
            return g
        }
    }

    /// How many answers are cached.
    public var count: Int { generations.withLock { $0.newer.count + $0.older.count } }
}
