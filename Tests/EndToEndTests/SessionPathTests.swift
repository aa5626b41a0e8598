import Foundation
import WebSocketClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Session-addressed connections (`/ws/<session>`), client-minted session ids and `/healthz`:
/// what lets a proxy place every session on one node by its path alone.
final class SessionPathTests: XCTestCase {
    private func mintedID() -> String {
        "s-" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    }

    func testAClientMintsItsSessionIDAndConnectsToItsPath() throws {
        let daemon = try DaemonProcess()
        let id = mintedID()
        let creator = try daemon.client("ana", path: "/ws/\(id)")
        try creator.send(["type": "createSession", "session": id, "title": "Placed"])
        let created = try creator.waitFor(\.sessionCreated)
        XCTAssertEqual(created.session, id)
        let edit = try XCTUnwrap(created.editToken)
        let (joined, _) = try creator.join(session: id, token: edit)
        XCTAssertEqual(joined.role, .edit)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(daemon.dataDirectory)/\(id).sketch"))

        // The same id again is refused, and nothing is replaced.
        let second = try daemon.client("ben", path: "/ws/\(id)")
        try second.send(["type": "createSession", "session": id])
        XCTAssertEqual(try second.waitFor(\.error).code.rawValue, "session_exists")
        let ben = try daemon.client("ben2", path: "/ws/\(id)")
        XCTAssertEqual(try ben.join(session: id, token: edit).joined.role, .edit)

        // A path without `session` in createSession names the session too.
        let other = mintedID()
        let carol = try daemon.client("carol", path: "/ws/\(other)")
        try carol.send(["type": "createSession"])
        XCTAssertEqual(try carol.waitFor(\.sessionCreated).session, other)
    }

    func testAConnectionJoinsAndCreatesOnlyTheSessionOfItsPath() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let elsewhere = mintedID()
        let client = try daemon.client("ana", path: "/ws/\(elsewhere)")
        try client.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        XCTAssertEqual(try client.waitFor(\.error).code.rawValue, "wrong_session")
        try client.send(["type": "createSession", "session": mintedID()])
        XCTAssertEqual(try client.waitFor(\.error).code.rawValue, "wrong_session")

        let weak = try daemon.client("ben", path: "/ws/\(elsewhere)")
        try weak.send(["type": "createSession", "session": "s-short"])
        XCTAssertEqual(try weak.waitFor(\.error).code.rawValue, "wrong_session")
        let plain = try daemon.client("carol")
        try plain.send(["type": "createSession", "session": "s-short"])
        XCTAssertEqual(try plain.waitFor(\.error).code.rawValue, "invalid_identifier", "a minted id has 128 bits")
    }

    func testANodeAskedForASessionItDoesNotHoldCreatesNothing() throws {
        let daemon = try DaemonProcess()
        let missing = mintedID()
        let client = try daemon.client("ana", path: "/ws/\(missing)")
        try client.send([
            "type": "join", "session": missing, "token": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "lastSeq": 0,
        ])
        XCTAssertEqual(try client.waitFor(\.error).code.rawValue, "bad_token")
        let files = try FileManager.default.contentsOfDirectory(atPath: daemon.dataDirectory).filter {
            $0.hasPrefix(missing)
        }
        XCTAssertEqual(files, [], "no empty session in its place")
    }

    func testUpgradesOnOtherPathsAreRefused() throws {
        let daemon = try DaemonProcess()
        for path in ["/ws/", "/ws/a/b", "/ws/bad%20id", "/wsx", "/ws/" + String(repeating: "a", count: 65)] {
            XCTAssertThrowsError(try WebSocketClient(port: daemon.port, path: path), "upgrade on \(path)")
        }
        XCTAssertNoThrow(try WebSocketClient(port: daemon.port, path: "/ws/" + String(repeating: "a", count: 64)))
    }

    func testHealthzAnswersOK() throws {
        let daemon = try DaemonProcess()
        let (data, response) = try syncGet("http://127.0.0.1:\(daemon.port)/healthz")
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        XCTAssertEqual(body?["status"] as? String, "ok")
        // The web root is still served beside it.
        let (_, root) = try syncGet("http://127.0.0.1:\(daemon.port)/")
        XCTAssertEqual((root as? HTTPURLResponse)?.statusCode, 200)
    }
}
