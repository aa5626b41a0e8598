import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// A real `sketchd` process on loopback with its own data directory.
final class DaemonProcess {
    let dataDirectory: String
    let webRoot: String
    private(set) var port = 0
    private var process: Process?
    private var output: Pipe?
    private let extraArguments: [String]
    /// The user and group the daemon runs as (through `setpriv`), nil for the test's own.
    private let user: (uid: uid_t, gid: gid_t)?
    /// Where the daemon's log (its standard error) goes; nil: nowhere.
    let logFile: String?

    /// Starts the daemon on a free port with `extraArguments`, as `user` if given (root only),
    /// appending its log to `logFile` if given.
    init(
        dataDirectory: String? = nil, extraArguments: [String] = [], user: (uid: uid_t, gid: gid_t)? = nil,
        logFile: String? = nil
    ) throws {
        self.dataDirectory = dataDirectory ?? Self.temporaryDirectory()
        webRoot = Self.temporaryDirectory()
        self.extraArguments = extraArguments
        self.user = user
        self.logFile = logFile
        if let logFile { FileManager.default.createFile(atPath: logFile, contents: nil) }
        try "<!doctype html><title>sketchd test</title>".write(
            toFile: webRoot + "/index.html", atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts (or restarts) the process on the same data directory and flags.
    func start() throws {
        let process = Process()
        let arguments =
            ["--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory, "--web-root", webRoot] + extraArguments
        if let user {
            // setpriv execs the daemon: the process id stays the daemon's.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", Self.binary(named: "sketchd")]
                + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary(named: "sketchd"))
            process.arguments = arguments
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        let log = logFile.flatMap { FileHandle(forWritingAtPath: $0) }
        _ = try log?.seekToEnd()
        process.standardError = log ?? FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        output = pipe
        let line = try Self.readLine(pipe.fileHandleForReading, timeout: 30)
        guard let range = line.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else {
            throw WebSocketClient.Failure.connect("sketchd did not print its URL: \(line)")
        }
        port = Int(line[range].dropFirst("127.0.0.1:".count).dropLast())!
    }

    /// The pid of the running daemon.
    var pid: Int32 { process?.processIdentifier ?? 0 }

    /// Sends `signal` and waits for the process to exit; returns its exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        guard let process else { return -1 }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    /// Sends `signal` and waits at most `seconds` for the process to exit: its exit status, or
    /// nil when it was still running then (it is then killed).
    func stop(signal: Int32, within seconds: Double) -> Int32? {
        guard let process else { return -1 }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        self.process = nil
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A connected client (on `path`) that has said hello; a reconnect of an earlier client
    /// passes its `secret`, or the sessions it joined refuse the id (`identity_taken`).
    func client(_ clientId: String, secret: String? = nil, path: String = "/ws") throws -> SketchdClient {
        let client = try SketchdClient(port: port, clientId: clientId, secret: secret, path: path)
        try client.awaitWelcome()
        return client
    }

    /// Clients named `clientIds`, each joined to `session` with its edit token, in that order.
    func joinedClients(_ clientIds: String..., session: (session: String, edit: String, view: String)) throws
        -> [SketchdClient]
    {
        try clientIds.map { clientId in
            let client = try client(clientId)
            try client.join(session: session.session, token: session.edit)
            return client
        }
    }

    /// A fresh session created by a throwaway client.
    func newSession(title: String? = nil) throws -> (session: String, edit: String, view: String) {
        let creator = try client("creator")
        defer { creator.close() }
        return try creator.createSession(title: title)
    }

    /// The session's state folded straight from its SQLite file.
    func foldFromDisk(_ session: String) throws -> SessionState {
        try SessionDirectory(root: dataDirectory).open(session).state
    }

    /// Runs `sketchd` with `arguments` where it is expected to refuse to start: its exit status,
    /// standard error and standard output. One that starts anyway would never end on its own,
    /// so it is stopped after a deadline (and then printed "listening").
    static func refusedStart(_ arguments: [String]) throws -> (status: Int32, errors: String, printed: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary(named: "sketchd"))
        process.arguments = ["--host", "127.0.0.1", "--port", "0"] + arguments
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message, printed)
    }

    /// A new scratch directory, removed when the test process exits.
    static func temporaryDirectory() -> String { TemporaryDirectories.make() }

    /// A built product next to the test bundle (`.build/<config>/NAME`).
    static func binary(named name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../.build/debug/\(name)"
        ).standardized.path
    }

    private static func readLine(_ handle: FileHandle, timeout: Double) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
