import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Sessions open only for people with a token, close when nobody is in them, and make way for
/// others at the cap; rejoining a closed session is transparent.
final class SessionLifecycleTests: XCTestCase {
    func testWrongTokensAndUnknownSessionsOpenNothing() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let session = try daemon.newSession()
        XCTAssertTrue(waitUntil { daemon.openSessionFiles().isEmpty }, "creating a session leaves nothing open")

        for (name, token) in [
            (session.session, "wrong"), (session.session, session.view + "x"), ("s-0123456789abcdef", session.edit),
        ] {
            let mallory = try daemon.client("mallory")
            try mallory.send(["type": "join", "session": name, "token": token, "lastSeq": 0])
            XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "bad_token")
            mallory.close()
        }
        XCTAssertEqual(daemon.openSessionFiles(), [], "no SQLite handle is kept for a refused join")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(daemon.dataDirectory)/s-0123456789abcdef.sketch"))

        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        XCTAssertTrue(daemon.openSessionFiles().contains(session.session), "a real join opens the session")
    }

    func testAnIdleSessionClosesAndRejoiningIsTransparent() throws {
        let daemon = try DaemonProcess(extraArguments: ["--idle-seconds", "1"])
        defer { daemon.stop() }
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1")).type, "ack")
        try ana.waitForSeq(1)
        let hash = ana.state.stateHash
        ana.close()

        XCTAssertTrue(waitUntil { !daemon.openSessionFiles().contains(session.session) }, "the idle session is closed")

        let ben = try daemon.client("ben")
        let (_, caughtUp) = try ben.join(session: session.session, token: session.edit)
        XCTAssertEqual(caughtUp.stateHash, hash)
        XCTAssertEqual(ben.state.stateHash, hash)
        let ack = try ben.op("ben:1", SketchdClient.stroke(id: "ben:s1", y: 80))
        XCTAssertEqual(ack.type, "ack")
        XCTAssertEqual(ack.ack?.seq, 2, "the reopened session continues its log")
    }

    func testTheLeastRecentlyUsedIdleSessionMakesWayAtTheCap() throws {
        let daemon = try DaemonProcess(extraArguments: ["--max-open-sessions", "2", "--idle-seconds", "3600"])
        defer { daemon.stop() }
        let a = try daemon.newSession()
        let b = try daemon.newSession()
        let c = try daemon.newSession()

        let inA = try daemon.client("in-a")
        try inA.join(session: a.session, token: a.edit)
        let visitor = try daemon.client("visitor")
        try visitor.join(session: b.session, token: b.edit)
        visitor.close()
        XCTAssertTrue(waitUntil { daemon.openSessionFiles() == [a.session, b.session].sorted() })

        let inC = try daemon.client("in-c")
        try inC.join(session: c.session, token: c.edit)
        XCTAssertTrue(
            waitUntil { daemon.openSessionFiles() == [a.session, c.session].sorted() }, "b, idle, made way; a is in use"
        )

        let late = try daemon.client("late")
        try late.send(["type": "join", "session": b.session, "token": b.edit, "lastSeq": 0])
        XCTAssertEqual(try late.waitFor(\.error).code.rawValue, "sessions_full", "every open session is in use")
    }

    func testConnectionsFromOneAddressAreCapped() throws {
        let daemon = try DaemonProcess(extraArguments: ["--max-connections-per-address", "3"])
        defer { daemon.stop() }
        let allowed = try (0..<3).map { try daemon.client("c\($0)") }
        let extra = try SketchdClient(port: daemon.port, clientId: "extra")
        XCTAssertEqual(try extra.waitForClose(), 1008)
        allowed[0].close()
        XCTAssertTrue(
            waitUntil {
                guard let again = try? daemon.client("again") else { return false }
                again.close()
                return true
            }, "a freed place can be taken again")
    }

    /// Polls `condition` until it holds or 30 s pass (files close on a worker, not at once).
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }
}

extension DaemonProcess {
    /// The sessions whose SQLite files the daemon holds open, sorted, from /proc/PID/fd.
    func openSessionFiles() -> [String] {
        let folder = "/proc/\(pid)/fd"
        let links = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let names = links.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
            .filter {
                $0.hasPrefix(dataDirectory + "/")
                    || $0.contains("/" + (dataDirectory as NSString).lastPathComponent + "/")
            }
            .map { ($0 as NSString).lastPathComponent }
            .compactMap { file -> String? in
                guard let range = file.range(of: ".sketch") else { return nil }
                return String(file[..<range.lowerBound])
            }
        return Set(names).sorted()
    }
}
