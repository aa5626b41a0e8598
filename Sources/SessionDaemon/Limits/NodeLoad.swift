import Glibc

/// Whether this node is full (PROTOCOL.md "Capacity"): over the last ``window`` seconds the
/// daemon used at least `cpuCapacity` cores, or an op waited at least `maxAckDelay` seconds
/// between reaching the service thread and its ack leaving it, or still waits for its commit
/// that long (the commit path, the disk and the service thread's own backlog all show there).
/// A full node refuses new sessions with `sessions_full` and keeps serving the ones it has; it
/// is no longer full once a whole window has passed under both limits.
struct NodeLoad {
    /// Cores the daemon may use; at or above it the node is full.
    let cpuCapacity: Double
    /// The longest an op may wait for its ack before the node is full.
    let maxAckDelay: Double
    /// Seconds the measures cover, and how long a refused client waits before it tries again.
    let window: Double
    private var cpuMark: (at: Double, cpuSeconds: Double)?
    private var fullUntil = -Double.infinity

    init(cpuCapacity: Double, maxAckDelay: Double, window: Double = 2) {
        self.cpuCapacity = cpuCapacity
        self.maxAckDelay = maxAckDelay
        self.window = window
    }

    /// Whether new sessions are refused at `now`.
    func isFull(now: Double) -> Bool { now < fullUntil }

    /// Milliseconds a refused client should wait before it asks again.
    func retryAfterMilliseconds(now: Double) -> Int { Int(((max(fullUntil, now) - now) * 1000).rounded(.up)) + 1 }

    /// Samples the process's CPU time and the oldest op still waiting for its commit (call it
    /// every tick): a window's use at or over `cpuCapacity`, or an op waiting `maxAckDelay`,
    /// makes the node full for the next window.
    mutating func sample(now: Double, oldestOpAwaitingCommit: Double?) {
        if let oldest = oldestOpAwaitingCommit { noteAck(delay: now - oldest, now: now) }
        let cpuSeconds = Self.processCPUSeconds()
        guard let mark = cpuMark else { return cpuMark = (now, cpuSeconds) }
        guard now - mark.at >= window else { return }
        if (cpuSeconds - mark.cpuSeconds) / (now - mark.at) >= cpuCapacity { fullUntil = now + window }
        cpuMark = (now, cpuSeconds)
    }

    /// Notes how long an op waited for its ack; too long makes the node full for a window.
    mutating func noteAck(delay: Double, now: Double) {
        if delay >= maxAckDelay { fullUntil = max(fullUntil, now + window) }
    }

    /// User and system CPU seconds of the whole process so far.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
