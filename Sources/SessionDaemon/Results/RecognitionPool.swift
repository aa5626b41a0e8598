import CSketchdLWS
import Foundation
import Synchronization

/// The threads recognition runs on: one per core, at `--recognition-nice` (0 by default),
/// shared fairly by every session.
///
/// Each session has at most one job waiting: a newer one replaces it, and the replaced one's
/// caller gets `CancellationError`, so the newest change is what gets worked on. A session's
/// jobs never run at the same time, and sessions take turns: a session that was just served
/// goes to the back of the line, so one busy session cannot starve the others. A nice value
/// above 0 would put acks and fan-out ahead of recognition, but nice counts against every
/// process on the machine: at +10 beside other busy processes, recognition got so little of a
/// core that results came over 10 s late (test_pointer_up_to_preview_latency failed in 2 of 2
/// CI runs under load).
final class RecognitionPool: Sendable {
    private let state = Mutex(Turns())
    /// One signal per entry in `turns`.
    private let ready = DispatchSemaphore(value: 0)

    private struct Job {
        var run: @Sendable () -> Void
        var drop: @Sendable () -> Void
    }

    private struct Turns {
        /// The newest job of each session that has one waiting.
        var waiting: [String: Job] = [:]
        /// Sessions with a waiting job, in turn order.
        var order: [String] = []
        /// Sessions whose job is running now.
        var running: Set<String> = []
    }

    /// Starts `threads` threads (one per core by default) at `niceness`.
    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, niceness: Int32 = 0) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in
                // On Linux the nice value is per thread: `who` 0 renices only the calling thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                // The name `top -H`, perf and the sessions bench see (at most 15 bytes on Linux).
                sketchd_name_thread("sketchd.recog.\(index)")
                self.runJobs()
            }
            thread.start()
        }
    }

    /// Runs `work` for `session` on a pool thread and hands its result to `completion` there;
    /// if a newer job of the session replaces this one before it starts, `completion` gets
    /// `CancellationError` instead, on the thread that submitted the newer one.
    ///
    /// A callback, not an `async` method: a task awaiting the job was resumed through the
    /// global executor before it reached the service loop, one more thread woken per run.
    func submit<T: Sendable>(
        session: String, _ work: @escaping @Sendable () throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        submit(
            session: session,
            Job(
                run: { completion(Result(catching: work)) },
                drop: { completion(.failure(CancellationError())) }))
    }

    private func submit(session: String, _ job: Job) {
        let (replaced, newTurn) = state.withLock { turns in
            let replaced = turns.waiting.updateValue(job, forKey: session)
            let newTurn = replaced == nil && !turns.running.contains(session)
            if newTurn { turns.order.append(session) }
            return (replaced, newTurn)
        }
        replaced?.drop()
        if newTurn { ready.signal() }
    }

    private func runJobs() {
        while true {
            ready.wait()
            let (session, job) = state.withLock { turns in
                let session = turns.order.removeFirst()
                turns.running.insert(session)
                return (session, turns.waiting.removeValue(forKey: session)!)
            }
            job.run()
            let again = state.withLock { turns in
                turns.running.remove(session)
                guard turns.waiting[session] != nil else { return false }
                turns.order.append(session)
                return true
            }
            if again { ready.signal() }
        }
    }
}
