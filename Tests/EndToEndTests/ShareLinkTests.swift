import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `shareLink`: an owner rotates or revokes a link over the wire; the stored digests change, and
/// everyone else holding the old token is told and disconnected.
final class ShareLinkTests: XCTestCase {
    private func joinFails(_ daemon: DaemonProcess, _ session: String, token: String) throws -> String? {
        let client = try daemon.client("probe-\(UUID().uuidString.prefix(8))")
        defer { client.close() }
        try client.send(["type": "join", "session": session, "token": token, "lastSeq": 0])
        let reply = try client.waitFor(\.error) { _ in true }
        return reply.code.rawValue
    }

    /// A running daemon and a session that ana and ben joined with its edit link, vic with its view link.
    private func sessionWithTwoEditorsAndAViewer() throws
        -> (DaemonProcess, (session: String, edit: String, view: String), SketchdClient, SketchdClient, SketchdClient)
    {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        let vic = try daemon.client("vic")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        try vic.join(session: session.session, token: session.view)
        return (daemon, session, ana, ben, vic)
    }

    func testRotatingTheViewLinkDisconnectsViewersOnlyAndTheNewLinkWorks() throws {
        let (daemon, session, ana, ben, vic) = try sessionWithTwoEditorsAndAViewer()

        try vic.send(["type": "shareLink", "action": "rotate", "role": "view"])
        XCTAssertEqual(try vic.waitFor(\.error).code.rawValue, "read_only", "a view token cannot change links")
        try ana.send(["type": "shareLink", "action": "explode", "role": "view"])
        XCTAssertEqual(try ana.waitFor(\.error).code.rawValue, "bad_json")

        try ana.send(["type": "shareLink", "action": "rotate", "role": "view"])
        let changed = try ana.waitFor(\.shareLinkChanged)
        XCTAssertEqual(changed.role, .view)
        let newView = try XCTUnwrap(changed.token)
        XCTAssertNotEqual(newView, session.view)
        XCTAssertEqual(try vic.waitFor(\.tokenRevoked).role, .view)
        XCTAssertEqual(try vic.waitForClose(), 4001)

        // Editors stay: ben still gets ana's stroke.
        let ack = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        try ben.waitForSeq(try XCTUnwrap(ack.ack).seq)
        XCTAssertEqual(try joinFails(daemon, session.session, token: session.view), "bad_token")
        let viewer = try daemon.client("viewer")
        let (joined, _) = try viewer.join(session: session.session, token: newView)
        XCTAssertEqual(joined.role, .view)

        let digests = try SessionCapabilities.Digests(
            readingSessionAt: "\(daemon.dataDirectory)/\(session.session).sketch")
        XCTAssertEqual(digests.role(of: newView), .view)
        XCTAssertNil(digests.role(of: session.view))
        XCTAssertEqual(digests.role(of: session.edit), .edit)
    }

    func testRevokingTheEditLinkDisconnectsTheOtherEditorsAndNoTokenGrantsEditAnyMore() throws {
        let (daemon, session, ana, ben, vic) = try sessionWithTwoEditorsAndAViewer()

        try ana.send(["type": "shareLink", "action": "revoke", "role": "edit"])
        let changed = try ana.waitFor(\.shareLinkChanged)
        XCTAssertEqual(changed.action, .revoke)
        XCTAssertNil(changed.token)
        XCTAssertEqual(try ben.waitFor(\.tokenRevoked).role, .edit)
        XCTAssertEqual(try ben.waitForClose(), 4001)
        XCTAssertEqual(try joinFails(daemon, session.session, token: session.edit), "bad_token")
        let viewer = try daemon.client("viewer2")
        XCTAssertEqual(try viewer.join(session: session.session, token: session.view).joined.role, .view)

        // The stored digest matches no token, and the file is still a sound session.
        daemon.stop()
        let digests = try SessionCapabilities.Digests(
            readingSessionAt: "\(daemon.dataDirectory)/\(session.session).sketch")
        XCTAssertNil(digests.role(of: session.edit))
        XCTAssertEqual(digests.role(of: session.view), .view)
        XCTAssertEqual(try daemon.foldFromDisk(session.session).lastSeq, 0)
    }
}
