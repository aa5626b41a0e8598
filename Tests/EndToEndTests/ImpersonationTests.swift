import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 12, defect 1, as the attack: a second connection with an edit token and the victim's
/// `clientId` must not get in, so it can neither undo the victim's stroke nor spoil its op ids;
/// the victim's own reconnects, retries and undo keep working, across a daemon restart too.
final class ImpersonationTests: XCTestCase {
    private var daemon: DaemonProcess!
    private var session: (session: String, edit: String, view: String)!

    override func setUpWithError() throws {
        daemon = try DaemonProcess()
        session = try daemon.newSession()
    }

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    func testASecondClientWithTheVictimsIdIsRefusedAndTheVictimsOpsStillWork() throws {
        let victim = try daemon.client("victim-7")
        defer { victim.close() }
        try victim.join(session: session.session, token: session.edit)
        for number in 1...3 {
            XCTAssertEqual(
                try victim.op("victim-7:\(number)", SketchdClient.stroke(id: "victim-7:s\(number)")).type, "ack")
        }

        let mallory = try SketchdClient(port: daemon.port, clientId: "victim-7")
        defer { mallory.close() }
        _ = try mallory.awaitWelcome()
        try mallory.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        let refusal = try mallory.waitFor(\.error)
        XCTAssertEqual(refusal.code.rawValue, "identity_taken", "\(refusal)")
        try mallory.sendOp("victim-7:99", ["kind": "undo"])
        XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "not_ready")
        for number in 4...13 {
            try mallory.sendOp("victim-7:\(number)", SketchdClient.stroke(id: "mallory:s\(number)"))
        }

        for number in 4...8 {
            let ack = try victim.op("victim-7:\(number)", SketchdClient.stroke(id: "victim-7:s\(number)"))
            XCTAssertEqual(ack.type, "ack", "victim op \(number): \(ack)")
            XCTAssertEqual(ack.ack?.duplicate, false)
        }
        let undo = try victim.op("victim-7:9", ["kind": "undo"])
        XCTAssertEqual(undo.ack?.outcome?.kind, "undid", "\(undo)")
        try victim.waitForSeq(undo.ack?.seq ?? -1)
        XCTAssertNil(victim.state.liveStroke("victim-7:s8"), "the victim's own undo undid its last stroke")
        XCTAssertNotNil(victim.state.liveStroke("victim-7:s7"))
        XCTAssertTrue(
            victim.state.liveStrokes.allSatisfy { !$0.id.hasPrefix("mallory") }, "nothing of the impostor was stored")
    }

    func testTheVictimResumesAndRetriesAcrossReconnectsAndARestart() throws {
        let victim = try daemon.client("victim-7")
        defer { victim.close() }
        try victim.join(session: session.session, token: session.edit)
        let first = try victim.op("victim-7:1", SketchdClient.stroke(id: "victim-7:s1"))
        try victim.resume()
        let retry = try victim.op("victim-7:1", SketchdClient.stroke(id: "victim-7:s1"))
        XCTAssertEqual(retry.ack?.duplicate, true, "\(retry)")
        XCTAssertEqual(retry.ack?.seq, first.ack?.seq)

        daemon.stop()
        try daemon.start()
        let mallory = try SketchdClient(port: daemon.port, clientId: "victim-7")
        defer { mallory.close() }
        _ = try mallory.awaitWelcome()
        try mallory.send(["type": "join", "session": session.session, "token": session.view, "lastSeq": 0])
        XCTAssertEqual(try mallory.waitFor(\.error).code.rawValue, "identity_taken", "a view token is no way in either")

        let back = try SketchdClient(port: daemon.port, clientId: "victim-7", secret: victim.secret)
        defer { back.close() }
        _ = try back.awaitWelcome()
        try back.join(session: session.session, token: session.edit)
        XCTAssertEqual(try back.op("victim-7:2", ["kind": "undo"]).type, "ack")
    }

    func testTheCreatorsIdIsBoundToTheNewSession() throws {
        let creator = try daemon.client("maker")
        defer { creator.close() }
        let created = try creator.createSession(title: "Mine")
        let mallory = try SketchdClient(port: daemon.port, clientId: "maker")
        defer { mallory.close() }
        _ = try mallory.awaitWelcome()
        try mallory.send(["type": "join", "session": created.session, "token": created.edit, "lastSeq": 0])
        XCTAssertEqual(
            try mallory.waitFor(\.error).code.rawValue, "identity_taken", "the title event's author is the creator's")
        try creator.join(session: created.session, token: created.edit)
    }

    func testHelloWithoutAWellFormedSecretIsRefused() throws {
        let raw = try WebSocketClient(port: daemon.port)
        defer { raw.close() }
        for hello in [
            #"{"type":"hello","protocol":1,"clientId":"anon"}"#,
            #"{"type":"hello","protocol":1,"clientId":"anon","secret":"short"}"#,
        ] {
            try raw.send(text: hello)
            guard case .text(let text)? = try raw.receive() else { return XCTFail("no reply") }
            XCTAssertTrue(text.contains("invalid_identifier") && text.contains("secret"), text)
        }
    }
}
