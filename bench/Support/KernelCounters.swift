import Foundation

/// The context switches of every thread of a process, read from `/proc/PID/task/*/status`:
/// what the kernel did to it, the same whatever else the machine runs (unlike wall-clock time).
public struct ThreadSwitches: Sendable {
    /// One thread's counters at the moment of reading.
    public struct Counts: Sendable {
        public var name: String
        public var voluntary: Int
        public var involuntary: Int
    }

    /// The process read.
    public let pid: Int32
    /// Each thread by its id.
    public let threads: [Int32: Counts]

    /// Reads every thread of `pid` now; nil if the process is gone.
    public static func read(pid: Int32) -> ThreadSwitches? {
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var threads: [Int32: Counts] = [:]
        for id in ids.compactMap({ Int32($0) }) {
            let directory = "/proc/\(pid)/task/\(id)"
            guard let status = try? String(contentsOfFile: directory + "/status", encoding: .utf8) else { continue }
            let name =
                (try? String(contentsOfFile: directory + "/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            func value(_ key: String) -> Int {
                status.split(separator: "\n").first { $0.hasPrefix(key) }
                    .flatMap { Int($0.split(separator: "\t", omittingEmptySubsequences: true).last ?? "") } ?? 0
            }
            threads[id] = Counts(
                name: name, voluntary: value("voluntary_ctxt_switches:"),
                involuntary: value("nonvoluntary_ctxt_switches:"))
        }
        return ThreadSwitches(pid: pid, threads: threads)
    }

    /// The switches made since `earlier`, summed by the role each thread's name gives
    /// (``role(of:name:)``); threads that ended in between are not counted.
    public func since(_ earlier: ThreadSwitches) -> [String: (voluntary: Int, involuntary: Int)] {
        var byRole: [String: (voluntary: Int, involuntary: Int)] = [:]
        for (id, thread) in threads {
            let before = earlier.threads[id]
            let role = Self.role(of: id, name: thread.name, pid: pid)
            let sum = byRole[role] ?? (0, 0)
            byRole[role] = (
                sum.voluntary + thread.voluntary - (before?.voluntary ?? 0),
                sum.involuntary + thread.involuntary - (before?.involuntary ?? 0)
            )
        }
        return byRole
    }

    /// A thread's part in sketchd: the service thread is the main one, the recognition pool
    /// names its threads, and libdispatch's workers (the session writers, the blocking pool, the
    /// release queue) carry the queue's quality of service in theirs.
    static func role(of id: Int32, name: String, pid: Int32) -> String {
        if id == pid { return "service thread" }
        if name.hasPrefix("sketchd.recog") { return "recognition" }
        if name.contains("qos") { return "dispatch workers" }
        return "other"
    }
}

/// Counts a process's system calls over a window with `perf stat` on the syscall tracepoints
/// (counted in the kernel, no tracing of each call): `start`, then `stop` for the counts.
/// Needs `perf` and the right to trace the process (root, or `perf_event_paranoid` <= 1 and
/// the same user).
public final class SyscallCounter {
    /// The system calls counted one by one; the rest is in "all".
    public static let named = [
        "futex", "sendto", "fcntl", "pwrite64", "fdatasync", "epoll_wait", "write", "read", "recvfrom",
    ]

    private let process = Process()
    private let output: String

    /// Starts counting the system calls of `pid` (through `env perf`); nil when the process
    /// cannot be launched. A missing or refused `perf` shows as nil from ``stop()``.
    public init?(pid: Int32) {
        output = NSTemporaryDirectory() + "sketchd-bench-perf-\(UUID().uuidString).csv"
        let events = ["raw_syscalls:sys_enter"] + Self.named.map { "syscalls:sys_enter_\($0)" }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "perf", "stat", "-x", ",", "-o", output, "-e", events.joined(separator: ","), "-p", "\(pid)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
    }

    /// Stops counting: each named call's count and "all", or nil if perf counted nothing (it
    /// was refused, or the tracepoints do not exist).
    public func stop() -> [String: Int]? {
        process.interrupt()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard let text = try? String(contentsOfFile: output, encoding: .utf8) else { return nil }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 2, let count = Int(fields[0]) else { continue }
            let event = String(fields[2])
            if event == "raw_syscalls:sys_enter" {
                counts["all"] = count
            } else if event.hasPrefix("syscalls:sys_enter_") {
                counts[String(event.dropFirst("syscalls:sys_enter_".count))] = count
            }
        }
        return counts["all"] == nil ? nil : counts
    }
}
