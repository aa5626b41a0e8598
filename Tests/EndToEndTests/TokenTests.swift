import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Capability tokens: wrong tokens and unknown sessions look the same, and no data leaks.
final class TokenTests: XCTestCase {
    func testWrongTokenAndUnknownSessionAreRefusedAlikeWithoutData() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession(title: "Secret")
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))

        let probes: [(String, String)] = [
            (session.session, "wrong"), (session.session, session.edit + "x"), (session.session, ""),
            ("s-0000000000000000", session.edit), ("../etc/passwd", session.edit),
        ]
        for (name, token) in probes {
            let mallory = try daemon.client("mallory")
            try mallory.send(["type": "join", "session": name, "token": token, "lastSeq": 0])
            let error = try mallory.waitFor(\.error)
            XCTAssertEqual(error.code.rawValue, "bad_token")
            XCTAssertEqual(error.message, "unknown session or wrong token")
            // Nothing of the session is reachable on this connection afterwards.
            for request: [String: Any] in [
                ["type": "replay"], ["type": "getCode"], ["type": "export", "format": "json"],
            ] {
                try mallory.send(request)
                XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "not_ready")
            }
            XCTAssertEqual(mallory.lastSeq, 0)
            XCTAssertFalse(mallory.received.contains { ["events", "joined", "replayState"].contains($0.type) })
            mallory.close()
        }
    }

    /// Issue 22: a token check does not change the data directory (20 wrong-token joins left
    /// 40 -wal and -shm files), for stored sessions nobody holds and for one that is open.
    func testWrongTokenJoinsLeaveTheDataDirectoryAsTheyFoundIt() throws {
        let daemon = try DaemonProcess(extraArguments: ["--free-token-failures", "1000"])
        defer { daemon.stop(signal: SIGKILL) }
        let sessions = try (0..<20).map { _ in try daemon.newSession() }
        daemon.stop(signal: SIGKILL)
        // The last connection's close folds each -wal into its file: the files alone are the sessions.
        for session in sessions {
            _ = try EventStore(openingExisting: "\(daemon.dataDirectory)/\(session.session).sketch")
        }
        let stored = try DirectorySnapshot(daemon.dataDirectory)
        try daemon.start()
        let mallory = try daemon.client("mallory")
        for session in sessions {
            try mallory.send(["type": "join", "session": session.session, "token": session.edit + "x", "lastSeq": 0])
            XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "bad_token")
        }
        XCTAssertEqual(try DirectorySnapshot(daemon.dataDirectory), stored, "no -wal or -shm made, no file changed")

        let ana = try daemon.client("ana")
        try ana.join(session: sessions[0].session, token: sessions[0].edit)
        let open = try DirectorySnapshot(daemon.dataDirectory)
        try mallory.send(["type": "join", "session": sessions[0].session, "token": "wrong", "lastSeq": 0])
        XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "bad_token")
        XCTAssertEqual(
            try DirectorySnapshot(daemon.dataDirectory).names, open.names,
            "an open session's check makes nothing either")
    }

    func testTokensAreStoredOnlyAsHashes() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(daemon.dataDirectory)/\(session.session).sketch"))
        let wal =
            (try? Data(contentsOf: URL(fileURLWithPath: "\(daemon.dataDirectory)/\(session.session).sketch-wal")))
            ?? Data()
        for token in [session.edit, session.view] {
            XCTAssertGreaterThanOrEqual(token.count, 43, "256 bits in base64url")
            XCTAssertNil((bytes + wal).range(of: Data(token.utf8)), "a token in clear text on disk")
        }
        let store = try EventStore(openingExisting: "\(daemon.dataDirectory)/\(session.session).sketch")
        XCTAssertEqual(try SessionCapabilities.Digests(from: store).role(of: session.view), .view)
    }

    func testViewTokenCanReplayAndWatch() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let viewer = try daemon.client("viewer")
        try ana.join(session: session.session, token: session.edit)
        for index in 1...3 { try ana.op("ana:\(index)", SketchdClient.stroke(id: "ana:s\(index)")) }
        try viewer.join(session: session.session, token: session.view)
        try ana.waitForSeq(3)
        XCTAssertEqual(viewer.lastSeq, 3)
        XCTAssertEqual(viewer.state.stateHash, ana.state.stateHash)
        try viewer.send(["type": "replay", "toSeq": 2])
        let replay = try viewer.waitFor(\.replayState)
        XCTAssertEqual(replay.seq, 2)
        XCTAssertEqual(replay.strokes.count, 2)
    }
}
