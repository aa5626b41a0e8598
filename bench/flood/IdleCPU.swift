import Foundation

/// CPU seconds (user + system) `pid` has used, from /proc/PID/stat (fields 14 and 15, in clock
/// ticks, after the command name in parentheses).
func cpuSeconds(_ pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state): utime is field 14, stime 15.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Measures the daemon's CPU over `seconds` while its sessions sit open and idle, and prints it
/// as a share of one core.
func reportIdleCPU(_ pid: Int32, sessions: Int, seconds: Int) {
    // Let the joins' work (recognition of empty screens, heap trims) finish first.
    sleep(5)
    let before = cpuSeconds(pid)
    let started = Date()
    sleep(UInt32(seconds))
    let used = cpuSeconds(pid) - before
    let elapsed = Date().timeIntervalSince(started)
    print(
        String(
            format: "idle: %d open sessions, daemon CPU %.2f s over %.1f s = %.3f%% of a core", sessions, used, elapsed,
            100 * used / elapsed))
}
