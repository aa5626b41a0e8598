import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `sketchctl import`, `meta` and `share` on a session a running sketchd holds open: clients
/// see the changes at once, later writes keep working, and a newcomer agrees with `replay`.
final class LiveSessionCLITests: XCTestCase {
    func testImportMetaAndShareOnALiveSession() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let session = try daemon.newSession(title: "Before")
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        let ben = try daemon.client("ben")
        try ben.join(session: session.session, token: session.view)
        let first = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        let head = try XCTUnwrap(first.ack).seq

        let canvas = daemon.dataDirectory + "/canvas.json"
        try
            #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "cli1", "points": [[10, 300], [200, 300]]}, {"id": "cli2", "points": [[10, 340], [200, 340]]}]}"#
            .write(toFile: canvas, atomically: true, encoding: .utf8)
        let imported = try ShareCommandTests.sketchctl([
            "import", "--data-dir", daemon.dataDirectory, "--session", session.session, canvas,
        ])
        XCTAssertEqual(imported.status, 0, imported.output)
        try ben.waitForSeq(head + 2)
        XCTAssertTrue(
            Set(ben.state.liveStrokes.map(\.id)).isSuperset(of: ["cli1", "cli2"]),
            "viewers see imported strokes at once")

        let meta = try ShareCommandTests.sketchctl([
            "meta", "--data-dir", daemon.dataDirectory, "--session", session.session, "--title", "After",
        ])
        XCTAssertEqual(meta.status, 0, meta.output)
        try ana.waitForSeq(head + 3)
        XCTAssertEqual(ana.state.sessionTitle, "After")

        let ack = try ana.op("ana:2", SketchdClient.stroke(id: "ana:s2", y: 500))
        XCTAssertEqual(ack.type, "ack", "the daemon keeps writing after the CLI did: \(ack)")
        XCTAssertEqual(ack.ack?.seq, head + 4)

        let cara = try daemon.client("cara")
        let (_, caughtUp) = try cara.join(session: session.session, token: session.view, lastSeq: 0)
        let replay = try ShareCommandTests.sketchctl([
            "replay", "--data-dir", daemon.dataDirectory, "--session", session.session, "--json",
        ])
        let replayed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(replay.output.utf8)) as? [String: Any])
        XCTAssertEqual(caughtUp.seq, head + 4)
        XCTAssertEqual(caughtUp.stateHash, replayed["stateHash"] as? String)
        XCTAssertEqual(cara.state.stateHash, replayed["stateHash"] as? String)

        let share = try ShareCommandTests.sketchctl([
            "share", "--data-dir", daemon.dataDirectory, "--session", session.session, "--base-url",
            "http://127.0.0.1:\(daemon.port)/",
        ])
        XCTAssertEqual(share.status, 0)
        let newEdit = String(try XCTUnwrap(share.output.split(separator: "\n").first?.split(separator: "=").last))
        let stale = try daemon.client("stale")
        try stale.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        XCTAssertEqual(
            try stale.waitFor(\.error).code.rawValue, "bad_token", "links shared before the re-mint stop working")
        let fresh = try daemon.client("fresh")
        XCTAssertEqual(try fresh.join(session: session.session, token: newEdit).joined.role, .edit)
    }
}
