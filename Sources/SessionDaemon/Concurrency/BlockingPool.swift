import Foundation
import SessionProtocol
import Synchronization

/// The threads that run the daemon's blocking work besides recognition: token checks,
/// catch-up reads, state hashes, replays and exports. A fixed number of threads take jobs in
/// the order they came; jobs that find every thread busy wait in a queue of bounded length, and
/// a job that finds the queue full is refused at once with ``Busy`` (the client gets `busy`),
/// so a flood of requests can neither grow a thread per request nor a queue without end.
final class BlockingPool: Sendable {
    /// Every thread is working and `waiting` jobs are queued, the most the queue holds.
    struct Busy: Error {
        var waiting: Int
    }

    /// Jobs run at most at once.
    let threads: Int
    /// Jobs waiting for a thread at most.
    let queueCapacity: Int
    private let queue: Mutex<Queue>
    /// One signal per queued job.
    private let queued = DispatchSemaphore(value: 0)

    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        /// Jobs taken by a thread and not finished.
        var running = 0
        var count: Int { jobs.count - head }

        mutating func take() -> @Sendable () -> Void {
            let job = jobs[head]
            head += 1
            running += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    /// Starts `threads` threads and refuses jobs past `queueCapacity` waiting ones.
    init(threads: Int, queueCapacity: Int) {
        self.threads = max(1, threads)
        self.queueCapacity = max(0, queueCapacity)
        queue = Mutex(Queue())
        for index in 0..<self.threads {
            let thread = Thread { [self] in self.runJobs() }
            thread.name = "sketchd.blocking.\(index)"
            thread.start()
        }
    }

    /// Runs `work` on a pool thread and returns its result.
    /// - Throws: ``Busy`` without running `work` when the queue is full; what `work` throws.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = { continuation.resume(with: Result(catching: work)) }
            if let refusal = enqueue(job) { continuation.resume(throwing: refusal) }
        }
    }

    /// Queues `job`; the refusal when the queue is full.
    private func enqueue(_ job: @escaping @Sendable () -> Void) -> Busy? {
        let refusal: Busy? = queue.withLock { queue in
            guard queue.count < queueCapacity + threads - queue.running else { return Busy(waiting: queue.count) }
            queue.jobs.append(job)
            return nil
        }
        if refusal == nil { queued.signal() }
        return refusal
    }

    private func runJobs() {
        while true {
            queued.wait()
            queue.withLock { $0.take() }()
            queue.withLock { $0.running -= 1 }
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
