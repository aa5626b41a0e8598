import Foundation

/// A `sketchd` under measurement: one this process starts on a free loopback port with a fresh
/// data directory, or one already running (a cluster node, a proxy in front of nodes).
public final class BenchDaemon {
    /// The port clients connect to.
    public let port: Int
    /// The daemon's process id, when known (for CPU and RSS); nil behind a proxy.
    public let pid: Int32?
    /// Milliseconds from launch to the listening banner (nil when not started here).
    public let startUpMilliseconds: Double?
    private let process: Process?
    private let dataDirectory: String?

    /// Flags that lift the per-client and per-address budgets (PROTOCOL.md "Budgets") so every
    /// bench client, all from 127.0.0.1, is measured rather than throttled. Only those the
    /// binary's `--help` lists are passed, so the bench runs on daemons with and without them.
    public static let generousBudgets: [(flag: String, value: String)] = [
        ("--max-connections-per-address", "100000"),
        ("--ops-per-second", "1000000"), ("--op-burst", "1000000"),
        ("--ink-per-second", "1000000"), ("--ink-burst", "1000000"),
        ("--creates-per-second", "1000000"), ("--joins-per-second", "1000000"),
    ]

    /// Attaches to a daemon (or proxy) already listening on `port`.
    public init(port: Int, pid: Int32?) {
        self.port = port
        self.pid = pid
        startUpMilliseconds = nil
        process = nil
        dataDirectory = nil
    }

    /// Starts `binary` with the generous budgets and `extraArguments`, and waits for its banner.
    /// Budgets named in `keepingDefaults` keep the daemon's defaults (when throttling is what a
    /// bench measures). Its log (standard error) goes to the file `log`, or nowhere. With a
    /// `launcher` (a program and its arguments, ``InstructionCounter/launcher``) the daemon is
    /// started through it, the launcher's last argument standing for `binary`.
    public init(
        binary: String, extraArguments: [String], keepingDefaults: [String] = [], log: String? = nil,
        launcher: [String] = []
    ) throws {
        let directory = NSTemporaryDirectory() + "sketchd-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let budgets = Self.budgetArguments(for: binary, except: extraArguments + keepingDefaults)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: launcher.first ?? binary)
        daemon.arguments =
            launcher.dropFirst() + [
                "--host", "127.0.0.1", "--port", "0", "--data-dir", directory, "--web-root", directory,
            ] + budgets
            + extraArguments
        let output = Pipe()
        daemon.standardOutput = output
        if let log { FileManager.default.createFile(atPath: log, contents: nil) }
        daemon.standardError = FileHandle(forWritingAtPath: log ?? "/dev/null")
        let startedAt = now()
        try daemon.run()
        var banner = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { banner.append(byte) }
        startUpMilliseconds = (now() - startedAt) * 1000
        let line = String(decoding: banner, as: UTF8.self)
        guard let range = line.range(of: #":(\d+)/"#, options: .regularExpression),
            let port = Int(line[range].dropFirst().dropLast())
        else {
            daemon.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no URL from sketchd: \(line)"])
        }
        self.port = port
        pid = daemon.processIdentifier
        process = daemon
        dataDirectory = directory
        FileHandle.standardError.write(
            Data("sketchd flags: \((budgets + extraArguments).joined(separator: " "))\n".utf8))
    }

    /// The ``generousBudgets`` that `binary` knows (from its `--help`), less any in `except`.
    public static func budgetArguments(for binary: String, except: [String] = []) -> [String] {
        let known = helpText(binary)
        return generousBudgets.filter { known.contains($0.flag) && !except.contains($0.flag) }.flatMap {
            [$0.flag, $0.value]
        }
    }

    private static func helpText(_ binary: String) -> String {
        let help = Process()
        help.executableURL = URL(fileURLWithPath: binary)
        help.arguments = ["--help"]
        let pipe = Pipe()
        help.standardOutput = pipe
        help.standardError = pipe
        guard (try? help.run()) != nil else { return "" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.waitUntilExit()
        return text
    }

    /// The daemon's user + system CPU seconds so far (from /proc/PID/stat), nil without a pid.
    public func cpuSeconds() -> Double? {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `VmRSS` and `VmHWM` in KiB, nil without a pid.
    public func memoryKiB() -> (rss: Int, peak: Int)? {
        guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
            return nil
        }
        func value(_ key: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
        }
        return (value("VmRSS:"), value("VmHWM:"))
    }

    /// Stops a daemon started here and removes its data; leaves an attached one alone.
    public func stop() {
        guard let process else { return }
        process.terminate()
        process.waitUntilExit()
        if let dataDirectory { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }
}
