import Foundation

/// Other processes that keep cores busy: `count` shell loops at normal priority, the "machine
/// kept busy" of issue 22. Stopped (by their own pids) with ``stop()``; each loop also ends by
/// itself once this process is gone, so a bench that is killed leaves none behind.
final class CPULoad {
    private let processes: [Process]

    init(count: Int) throws {
        processes = try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while kill -0 \(getpid()) 2>/dev/null; do :; done"]
            try process.run()
            return process
        }
    }

    func stop() {
        for process in processes {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
