import Foundation

/// Counts the user-space instructions a daemon executes over chosen windows with valgrind's
/// callgrind: the same from run to run whatever else the machine does, unlike wall-clock time
/// and CPU time. The daemon runs under `valgrind --tool=callgrind --instr-atstart=no` (about 50
/// times slower, so only the counts of such a run mean anything); ``start(pid:)`` and
/// ``stop(pid:)`` switch the instrumentation on and off, and each stop dumps the window's
/// profile to its own file (`callgrind_annotate` reads it).
///
/// Valgrind 3.19 cannot read the DWARF Swift 6 writes, so the daemon runs from a copy with its
/// debug information stripped (`objcopy --strip-debug`); the symbols stay.
public final class InstructionCounter {
    /// Where the profiles go: `<prefix>` and, per dump, `<prefix>.<n>`.
    public let outputPrefix: String
    /// The stripped copy the daemon runs from.
    public let binary: String
    private var windows = 0

    /// Makes the stripped copy of `binary` next to `outputPrefix`; throws when `objcopy` or
    /// `valgrind` is missing.
    public init(binary original: String, outputPrefix: String) throws {
        for tool in ["valgrind", "callgrind_control", "objcopy"] where Self.which(tool) == nil {
            throw CocoaError(
                .executableNotLoadable,
                userInfo: [NSLocalizedDescriptionKey: "\(tool) is not installed (apt install valgrind binutils)"])
        }
        self.outputPrefix = outputPrefix
        binary = outputPrefix + ".sketchd"
        try? FileManager.default.removeItem(atPath: binary)
        guard Self.run("objcopy", ["--strip-debug", original, binary]) == 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "objcopy --strip-debug \(original) failed"])
        }
    }

    /// The command the daemon is started through: valgrind, then the stripped copy's path.
    public var launcher: [String] {
        [
            Self.which("valgrind")!, "--tool=callgrind", "--instr-atstart=no",
            "--callgrind-out-file=\(outputPrefix)", binary,
        ]
    }

    /// Counts from now.
    public func start(pid: Int32) {
        _ = Self.run("callgrind_control", ["--instr=on", "\(pid)"])
    }

    /// Stops counting and dumps the window's profile; returns the instructions executed in it
    /// and the file they are in, or nil when callgrind wrote nothing readable.
    public func stop(pid: Int32) -> (instructions: Int, profile: String)? {
        _ = Self.run("callgrind_control", ["--instr=off", "\(pid)"])
        let before = Set(dumps())
        windows += 1
        guard Self.run("callgrind_control", ["--dump=window \(windows)", "\(pid)"]) == 0 else { return nil }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            for file in Set(dumps()).subtracting(before) {
                if let total = Self.totalInstructions(in: file) { return (total, file) }
            }
            usleep(100_000)
        }
        return nil
    }

    /// The `totals:` (or `summary:`) line of a finished profile.
    static func totalInstructions(in file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n").reversed() where line.hasPrefix("totals:") || line.hasPrefix("summary:")
        {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    private func dumps() -> [String] {
        let directory = (outputPrefix as NSString).deletingLastPathComponent
        let name = (outputPrefix as NSString).lastPathComponent
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasPrefix(name + ".") && Int($0.dropFirst(name.count + 1)) != nil }.map {
            directory + "/" + $0
        }
    }

    private static func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: directory + "/" + tool) {
            return directory + "/" + tool
        }
        return nil
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        guard let path = which(tool) else { return -1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
