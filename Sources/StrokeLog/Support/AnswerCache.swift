import Dispatch
import Synchronization

/// Answers of a deterministic function of its key (a classification, a reading, a whole
/// screen's recognition, a generated file), computed once.
///
/// Strokes never change once logged (an edit is an erase plus a new stroke), so a key's answer
/// never goes stale. Thread-safe and bounded in two generations: when the newer one holds
/// `capacity` answers it becomes the older one and the oldest answers go; an answer found in the
/// older one moves up. Answers are deterministic, so forgetting one only costs time. The answers
/// that go are freed on a background queue: freeing 64 screens' results took 2 ms, which the
/// caller that happened to fill the generation used to wait for.
///
/// Inlinable, so each user's keys and answers get specialised code: a lookup hashes and compares
/// its key directly, with no generic value witnesses copying it.
public final class AnswerCache<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    @usableFromInline
    struct Generations {
        @usableFromInline var newer: [Key: Answer] = [:]
        @usableFromInline var older: [Key: Answer] = [:]

        @usableFromInline init() {}

        /// Inserts `answer`; returns the answers that went when the newer generation was full.
        @inlinable
        mutating func insert(_ answer: Answer, for key: Key, capacity: Int) -> Retired? {
            var retired: Retired?
            if newer.count >= capacity {
                retired = Retired(older)
                older = newer
                newer = [:]
            }
            newer[key] = answer
            return retired
        }
    }

    /// Answers that left the cache, on their way to be freed away from the caller.
    @usableFromInline
    final class Retired: @unchecked Sendable {
        // Touched only by the queue that frees it, once the cache has let go.
        private var answers: [Key: Answer]

        @usableFromInline init(_ answers: [Key: Answer]) { self.answers = answers }

        /// Frees the answers on a background queue.
        @usableFromInline func free() { DispatchQueue.global(qos: .utility).async { self.answers = [:] } }
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
        let (hit, retiredOnHit) = generations.withLock { g -> (Answer?, Retired?) in
            if let hit = g.newer[key] { return (hit, nil) }
            guard let hit = g.older.removeValue(forKey: key) else { return (nil, nil) }
            return (hit, g.insert(hit, for: key, capacity: capacity))
        }
        retiredOnHit?.free()
        if let hit { return hit }
        let answer = try compute()
        generations.withLock { $0.insert(answer, for: key, capacity: capacity) }?.free()
        return answer
    }

    /// Forgets every answer (each is computed again when next asked for), freeing them before
    /// it returns.
    public func removeAll() { generations.withLock { $0 = Generations() } }

    /// How many answers are cached.
    public var count: Int { generations.withLock { $0.newer.count + $0.older.count } }
}
