import Foundation

/// The one thread recognition runs on, at a lower scheduling priority (nice +10).
///
/// On a small machine recognition would otherwise compete with the lws service thread and the
/// session writers for the same cores, and acks and fan-out would wait behind it. One serial
/// thread keeps recognition to one core; stale jobs are cancelled by their scheduler and return
/// at once, so the newest change is worked on next.
final class RecognitionThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    /// Starts the thread.
    init(niceness: Int32 = 10) {
        let thread = Thread { [unowned self] in
            // On Linux the nice value is per thread: `who` 0 renices only the calling thread.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            self.runJobs()
        }
        thread.name = "sketchd.recognition"
        thread.start()
    }

    /// Queues `job` behind the ones waiting.
    func async(_ job: @escaping () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
