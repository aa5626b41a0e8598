import Dispatch
import SessionProtocol
import Synchronization

/// Runs the daemon's blocking work besides recognition: token checks, catch-up reads, state
/// hashes, replays and exports. At most `threads` jobs run at once, in the order they came, on
/// dispatch's worker threads (which exit when idle, handing back their memory, unlike threads
/// of our own: measured +3 MiB after a burst of sessions); jobs that find every slot taken wait
/// in a queue of bounded length, and a job that finds the queue full is refused at once with
/// ``Busy`` (the client gets `busy`), so a flood of requests can neither grow the work in flight
/// nor a queue without end.
final class BlockingPool: Sendable {
    /// Every slot is working and `waiting` jobs are queued, the most the queue holds.
    struct Busy: Error {
        var waiting: Int
    }

    /// Jobs run at most at once.
    let threads: Int
    /// Jobs waiting for a slot at most.
    let queueCapacity: Int
    private let state = Mutex(Slots())
    private let workers = DispatchQueue(label: "sketchd.blocking", qos: .userInitiated, attributes: .concurrent)

    private struct Slots {
        /// Jobs not started yet, oldest first (at most `queueCapacity`, so taking from the front
        /// costs little, and a started job's captures are released when it ends).
        var waiting: [@Sendable () -> Void] = []
        /// Jobs running now.
        var running = 0
    }

    /// A pool that runs `threads` jobs at once and refuses jobs past `queueCapacity` waiting ones.
    init(threads: Int, queueCapacity: Int) {
        self.threads = max(1, threads)
        self.queueCapacity = max(0, queueCapacity)
    }

    /// Runs `work` on a worker thread and returns its result.
    /// - Throws: ``Busy`` without running `work` when the queue is full; what `work` throws.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = { continuation.resume(with: Result(catching: work)) }
            if let refusal = submit(job) { continuation.resume(throwing: refusal) }
        }
    }

    /// Starts `job` if a slot is free, queues it if the queue has room; the refusal otherwise.
    private func submit(_ job: @escaping @Sendable () -> Void) -> Busy? {
        enum Decision {
            case start, queued
            case refused(Busy)
        }
        let decision: Decision = state.withLock { slots in
            if slots.running < threads {
                slots.running += 1
                return .start
            }
            guard slots.waiting.count < queueCapacity else { return .refused(Busy(waiting: slots.waiting.count)) }
            slots.waiting.append(job)
            return .queued
        }
        switch decision {
        case .start: workers.async { self.runJobs(startingWith: job) }
        case .queued: break
        case .refused(let busy): return busy
        }
        return nil
    }

    /// Runs `job`, then the waiting ones, until none waits; then frees the slot.
    private func runJobs(startingWith job: @escaping @Sendable () -> Void) {
        var next: (@Sendable () -> Void)? = job
        while let job = next {
            job()
            next = state.withLock { slots in
                guard !slots.waiting.isEmpty else {
                    slots.running -= 1
                    return nil
                }
                return slots.waiting.removeFirst()
            }
        }
    }
}

extension WireError {
    /// The answer to a request whose work ``BlockingPool`` refused (its queue was full): nothing
    /// was done, and the same request may succeed a second later.
    static func busy(_ what: String) -> WireError {
        WireError(.busy, "the server is busy: \(what) was not started; try again shortly", retryAfterMs: 1000)
    }
}
