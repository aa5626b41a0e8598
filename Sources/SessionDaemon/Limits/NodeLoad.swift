import Glibc

/// Whether this node is full (PROTOCOL.md "Capacity"): over the last ``window`` seconds the
/// daemon used at least `cpuCapacity` cores, or most of the window's acks (two at least) left
/// `maxAckDelay` seconds or more after their op reached the service thread, or an op has waited
/// a whole window (or `maxAckDelay`, if longer) for its commit so far (the commit path, the
/// disk and the service thread's own backlog all show there). One slow ack (a single slow
/// fsync) is not a full node. A full node
/// refuses new sessions with `sessions_full` and keeps serving the ones it has; it is no longer
/// full once a whole window has passed under every limit.
struct NodeLoad {
    /// Cores the daemon may use; at or above it the node is full.
    let cpuCapacity: Double
    /// The longest an op may wait for its ack before the node is full.
    let maxAckDelay: Double
    /// Seconds the measures cover, and how long a refused client waits before it tries again.
    let window: Double
    private var cpuMark: (at: Double, cpuSeconds: Double)?
    private var fullUntil = -Double.infinity
    private var acksInWindow = 0
    private var lateAcksInWindow = 0

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
    /// every tick). A window's CPU at or over `cpuCapacity`, most of its acks late, or an op
    /// waiting a whole window, makes the node full for the next window.
    mutating func sample(now: Double, oldestOpAwaitingCommit: Double?) {
        if let oldest = oldestOpAwaitingCommit, now - oldest >= max(window, maxAckDelay) { markFull(now: now) }
        let cpuSeconds = Self.processCPUSeconds()
        guard let mark = cpuMark else {
            cpuMark = (now, cpuSeconds)
            return
        }
        guard now - mark.at >= window else { return }
        if (cpuSeconds - mark.cpuSeconds) / (now - mark.at) >= cpuCapacity { markFull(now: now) }
        if lateAcksInWindow >= 2, lateAcksInWindow * 2 > acksInWindow { markFull(now: now) }
        cpuMark = (now, cpuSeconds)
        (acksInWindow, lateAcksInWindow) = (0, 0)
    }

    /// Notes how long an op waited for its ack, for the window's share of late acks.
    mutating func noteAck(delay: Double) {
        acksInWindow += 1
        if delay >= maxAckDelay { lateAcksInWindow += 1 }
    }

    private mutating func markFull(now: Double) { fullUntil = max(fullUntil, now + window) }

    /// User and system CPU seconds of the whole process so far.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
