import Foundation

/// The threads recognition runs on: one per core, at a lower scheduling priority (nice +10),
/// shared fairly by every session.
///
/// Each session has at most one job waiting: a newer one replaces it (its scheduler cancelled
/// it already), so the newest change is what gets worked on. A session's jobs never run at the
/// same time, and sessions take turns: a session that was just served goes to the back of the
/// line, so one busy session cannot starve the others. Low priority keeps acks and fan-out, on
/// the lws service thread and the session writers, ahead of recognition on a small machine.
final class RecognitionPool: @unchecked Sendable { // state is guarded by `condition`
    private let condition = NSCondition()
    /// The newest job of each session that has one waiting.
    private var waiting: [String: () -> Void] = [:]
    /// Sessions with a waiting job, in turn order.
    private var turns: [String] = []
    /// Sessions whose job is running now.
    private var running: Set<String> = []

    /// Starts `threads` threads (one per core by default) at `niceness`.
    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, niceness: Int32 = 10) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [unowned self] in
                // On Linux the nice value is per thread: `who` 0 renices only the calling thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                self.runJobs()
            }
            thread.name = "sketchd.recognition.\(index)"
            thread.start()
        }
    }

    /// Queues `job` for `session`, replacing the session's job that has not started yet.
    func submit(session: String, _ job: @escaping () -> Void) {
        condition.withLock {
            if waiting.updateValue(job, forKey: session) == nil, !running.contains(session) { turns.append(session) }
            condition.signal()
        }
    }

    private func runJobs() {
        while true {
            let (session, job) = nextJob()
            job()
            condition.withLock {
                running.remove(session)
                if waiting[session] != nil {
                    turns.append(session)
                    condition.signal()
                }
            }
        }
    }

    private func nextJob() -> (String, () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        while turns.isEmpty { condition.wait() }
        let session = turns.removeFirst()
        running.insert(session)
        return (session, waiting.removeValue(forKey: session)!)
    }
}
