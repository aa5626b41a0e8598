import Foundation
import Synchronization

/// The PostgreSQL server tests run against: `SKETCHD_TEST_POSTGRES_DIR`'s, when a
/// script started one there (`scripts/postgres-scratch.sh start DIR`), else one this process
/// starts in a temporary directory and stops at exit. Each test gets a database of its own.
public enum ScratchPostgres {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let script = repository.appendingPathComponent("scripts/postgres-scratch.sh").path

    /// The server's directory once started (a `static let` would start it inside the runtime's
    /// one-time initialisation, where Foundation's `Process` never sees its child exit).
    private static let started = Mutex<Result<String, ScriptFailure>?>(nil)

    private static func directory() throws(ScriptFailure) -> String {
        try started.withLock { started -> Result<String, ScriptFailure> in
            if let started { return started }
            let result: Result<String, ScriptFailure>
            if let given = ProcessInfo.processInfo.environment["SKETCHD_TEST_POSTGRES_DIR"] {
                result = .success(given)
            } else {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "sketchd-pg-\(UUID().uuidString)"
                ).path
                do {
                    try run(["start", dir])
                    result = .success(dir)
                    atexit {
                        guard case .success(let dir)? = ScratchPostgres.started.withLock({ $0 }) else { return }
                        _ = try? ScratchPostgres.run(["stop", dir])
                        try? FileManager.default.removeItem(atPath: dir)
                    }
                } catch let failure as ScriptFailure {
                    result = .failure(failure)
                } catch {
                    result = .failure(ScriptFailure(description: "\(error)"))
                }
            }
            started = result
            return result
        }.get()
    }

    /// A new, empty database's URL.
    public static func freshDatabase() throws -> String {
        let name = "contract_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return try run(["createdb", try directory(), name])
    }

    /// A primary with a synchronous standby, of their own (not the shared server): every commit
    /// on the primary waits until the standby has it. Stop it with ``ReplicatedPair/stop()``.
    public static func replicatedPair() throws -> ReplicatedPair {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sketchd-pg-pair-\(UUID().uuidString)")
            .path
        let pair = ReplicatedPair(primary: root + "/primary", standby: root + "/standby", root: root)
        try run(["start", pair.primary])
        try run(["standby", pair.primary, pair.standby])
        pair.url = try run(["createdb", pair.primary, "sketchd"])
        return pair
    }

    /// A primary and its synchronous standby (``replicatedPair()``).
    public final class ReplicatedPair: @unchecked Sendable {
        /// The database on the primary.
        public fileprivate(set) var url = ""
        fileprivate let primary: String
        fileprivate let standby: String
        private let root: String

        fileprivate init(primary: String, standby: String, root: String) {
            self.primary = primary
            self.standby = standby
            self.root = root
        }

        /// Kills the standby's server (`pg_ctl stop -m immediate`): commits then wait.
        public func stopStandby() throws { try ScratchPostgres.run(["stop", standby, "immediate"]) }

        /// Starts the standby again; it catches up and the waiting commits return.
        public func startStandby() throws { try ScratchPostgres.run(["start", standby]) }

        /// How many commits on the primary wait for the standby now.
        public func commitsWaitingForStandby() -> Int {
            let answer = ScratchPostgres.psql(
                url, "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'", tuplesOnly: true)
            return Int(answer.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// Stops both servers and removes their files.
        public func stop() {
            _ = try? ScratchPostgres.run(["stop", standby, "immediate"])
            _ = try? ScratchPostgres.run(["stop", primary, "immediate"])
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// Runs SQL in the database at `url` as the superuser, bypassing the store: for tests that
    /// prove what the database itself refuses.
    public static func psql(_ url: String, _ sql: String, tuplesOnly: Bool = false) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-v", "ON_ERROR_STOP=1"] + (tuplesOnly ? ["-tA"] : []) + ["-c", sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    public struct ScriptFailure: Error, CustomStringConvertible {
        public var description: String
    }

    @discardableResult
    fileprivate static func run(_ arguments: [String]) throws(ScriptFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw ScriptFailure(description: "\(script): \(error)") }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScriptFailure(
                description: "postgres-scratch.sh \(arguments.joined(separator: " ")) failed: \(complaint)")
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
