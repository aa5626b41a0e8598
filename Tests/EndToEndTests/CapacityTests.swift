import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// A node past its capacity refuses new sessions with `sessions_full` and `retryAfterMs`, and
/// goes on serving the sessions it has: their ops are acked, their people stay connected, and
/// they may be joined (PROTOCOL.md "Capacity").
final class CapacityTests: XCTestCase {
    func testAnOpStuckOnItsCommitFillsTheNodeForNewSessionsOnly() throws {
        let daemon = try DaemonProcess(extraArguments: ["--max-ack-delay-ms", "100", "--creates-per-second", "1000"])
        defer { daemon.stop() }
        let busy = try daemon.newSession()
        let other = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: busy.session, token: busy.edit)

        // Another process holds the session file's write lock (as a long `sketchctl import`
        // would): ana's op waits for its commit, longer than the node allows.
        let lock = try WriteLockHolder(path: "\(daemon.dataDirectory)/\(busy.session).sketch")
        try ana.sendOp("ana:1", SketchdClient.stroke(id: "ana:s1"))
        let ben = try daemon.client("ben")
        let refusal = try waitForRefusedCreate(by: ben, deadline: 30)
        XCTAssertEqual(refusal.code.rawValue, "sessions_full")
        XCTAssertGreaterThan(refusal.retryAfterMs ?? 0, 0, "a full node says when to ask again")
        // Still full (the op still waits): a session the node does not hold is refused, one
        // it holds may be joined.
        try ben.send(.join(.init(session: other.session, token: other.edit, lastSeq: 0)))
        XCTAssertEqual(try ben.waitFor(\.error).code.rawValue, "sessions_full")
        try ben.send(.join(.init(session: busy.session, token: busy.edit, lastSeq: 0)))
        lock.release()
        let ack = try XCTUnwrap(ana.waitFor(\.ack, timeout: 30) { $0.clientOpId == "ana:1" })
        XCTAssertEqual(ack.seq, 1)
        XCTAssertFalse(ack.duplicate)
        XCTAssertEqual(try ben.waitFor(\.joined, timeout: 30).session, busy.session)

        // Once the commit path is prompt again, new sessions are welcome.
        XCTAssertTrue(try eventuallyAdmitted(daemon, to: other), "the node takes new sessions again")
        XCTAssertEqual(
            try ana.op("ana:2", SketchdClient.stroke(id: "ana:s2", y: 80)).ack?.seq, 2, "ana was never disconnected")
    }

    func testANodeOverItsCPUCapacityRefusesNewSessions() throws {
        // 0.01 cores: an idle daemon stays far below it; recognising strokes goes over it.
        let daemon = try DaemonProcess(extraArguments: [
            "--cpu-capacity", "0.01", "--creates-per-second", "1000",
            "--ops-per-second", "100000", "--op-burst", "100000",
        ])
        defer { daemon.stop() }
        let creator = try daemon.client("creator")
        var created: (session: String, edit: String, view: String)?
        XCTAssertTrue(
            waitUntil(deadline: 60) {
                created = try? creator.createSession()
                return created != nil
            }, "the node takes a session once its start-up is over")
        let drawn = try XCTUnwrap(created)
        let ana = try daemon.client("ana")
        try ana.join(session: drawn.session, token: drawn.edit)

        var strokes = 0
        var refusal: ErrorMessage?
        let deadline = Date().addingTimeInterval(120)
        while refusal == nil, Date() < deadline {
            strokes += 1
            let ack = try ana.op(
                "ana:\(strokes)", SketchdClient.box(id: "ana:s\(strokes)", x: 20, y: Double(strokes % 12) * 60 + 20))
            XCTAssertEqual(ack.ack?.seq, Int64(strokes), "every op of a session the node holds is acked")
            refusal = try answerToCreate(by: creator)
            if let refusal { XCTAssertEqual(refusal.code.rawValue, "sessions_full") }
        }
        XCTAssertNotNil(refusal, "drawing took the daemon over 0.01 cores (\(strokes) strokes)")
        XCTAssertGreaterThan(refusal?.retryAfterMs ?? 0, 0)
        XCTAssertTrue(
            waitUntil(deadline: 60) { (try? answerToCreate(by: creator)) == .some(nil) },
            "idle again, the node takes new sessions")
    }

    /// Asks `client` to create a session: nil when it was created, else the error.
    private func answerToCreate(by client: SketchdClient) throws -> ErrorMessage? {
        try client.send(.createSession(title: nil, session: nil))
        return try client.waitFor { message -> ErrorMessage?? in
            message.error.map { .some($0) } ?? message.sessionCreated.map { _ in .none }
        }
    }

    /// Creates sessions from `client` until one is refused; that refusal.
    private func waitForRefusedCreate(by client: SketchdClient, deadline seconds: Double) throws -> ErrorMessage {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let refusal = try answerToCreate(by: client) { return refusal }
        }
        throw WebSocketClient.Failure.timeout
    }

    /// Whether a fresh client is let into `session` within 60 s of asking again and again.
    private func eventuallyAdmitted(_ daemon: DaemonProcess, to session: (session: String, edit: String, view: String))
        throws -> Bool
    {
        var attempt = 0
        return waitUntil(deadline: 60) {
            attempt += 1
            guard let client = try? daemon.client("late\(attempt)") else { return false }
            defer { client.close() }
            return (try? client.join(session: session.session, token: session.edit)) != nil
        }
    }

    private func waitUntil(deadline seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}

/// Another process (python3's sqlite3) holding a session file's write lock until released.
private final class WriteLockHolder {
    private let process = Process()
    private let input = Pipe()

    init(path: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.readline()
            c.execute("ROLLBACK")
            """, path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.availableData
        guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
            throw XCTSkip("python3 with its sqlite3 module is needed to hold a session file's lock")
        }
    }

    func release() {
        input.fileHandleForWriting.write(Data("\n".utf8))
        process.waitUntilExit()
    }

    deinit { if process.isRunning { process.terminate() } }
}
