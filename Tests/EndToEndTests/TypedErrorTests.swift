import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Every bad input of PROTOCOL.md's error table gets its typed error, and the session keeps
/// working afterwards, for the sender and for everyone else.
final class TypedErrorTests: XCTestCase {
    private var daemon: DaemonProcess!
    private var session: (session: String, edit: String, view: String)!
    private var ana: SketchdClient!
    private var ben: SketchdClient!
    private var opNumber = 0

    override func setUpWithError() throws {
        daemon = try DaemonProcess(extraArguments: [
            "--max-participants", "3", "--op-burst", "40", "--ops-per-second", "5",
        ])
        session = try daemon.newSession()
        ana = try daemon.client("ana")
        ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
    }

    /// XCTest keeps test case instances alive until the run ends, so the daemon is stopped here
    /// rather than left to `deinit`.
    override func tearDown() {
        ana?.close()
        ben?.close()
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    /// A good stroke is still acked and reaches the peer.
    private func assertSessionStillWorks(file: StaticString = #filePath, line: UInt = #line) throws {
        opNumber += 1
        let ack = try ben.op("ben:ok\(opNumber)", SketchdClient.stroke(id: "ben:ok\(opNumber)"))
        XCTAssertEqual(ack.type, "ack", file: file, line: line)
        let seq = ack.ack?.seq ?? -1
        try ana.waitForSeq(seq)
        XCTAssertNotNil(ana.state.liveStroke("ben:ok\(opNumber)"), file: file, line: line)
    }

    private func expectError(
        _ code: String, from client: SketchdClient, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ErrorMessage {
        let error = try client.waitFor(\.error)
        XCTAssertEqual(error.code.rawValue, code, "\(error)", file: file, line: line)
        return error
    }

    func testBadJSONAndUnknownTypes() throws {
        for text in ["not json", "[1,2]", #"{"type": 3}"#, #"{"type": "teleport"}"#, "{\"type\":\"op\"", "\u{0}\u{1}"] {
            try ana.send(raw: text)
            _ = try expectError("bad_json", from: ana)
        }
        try assertSessionStillWorks()
    }

    func testMessageOver256KiBIsRefusedWhileReassemblingAndOnlyThatConnectionCloses() throws {
        let eve = try daemon.client("eve")
        try eve.join(session: session.session, token: session.edit)
        let huge =
            #"{"type":"presence","screen":"main","x":1,"y":2,"pad":""# + String(repeating: "a", count: 300_000) + #""}"#
        // The daemon may hang up before the last fragments are out; that is fine.
        try? eve.socket.send(text: huge, fragmentSize: 16_384)
        _ = try expectError("message_too_large", from: eve)
        _ = try eve.waitForClose()
        XCTAssertEqual(eve.closeCode, 1009)
        try assertSessionStillWorks()
    }

    func testFragmentedMessageUnderTheCapIsAccepted() throws {
        try ana.send(
            ["type": "op", "clientOpId": "ana:frag", "event": SketchdClient.stroke(id: "ana:frag", count: 2000)],
            fragmentSize: 1000)
        let ack = try ana.waitFor(\.ack)
        XCTAssertEqual(ack.clientOpId, "ana:frag")
        try assertSessionStillWorks()
    }

    func testTooManyPoints() throws {
        let error = try ana.op("ana:big", SketchdClient.stroke(id: "ana:big", count: 10_001))
        XCTAssertEqual(error.error?.code.rawValue, "too_many_points")
        XCTAssertEqual(error.clientOpId, "ana:big")
        try assertSessionStillWorks()
    }

    func testNonFiniteAndOutOfRangeNumbers() throws {
        for (index, number) in ["1e999", "-1e999", "1e300"].enumerated() {
            let stroke =
                "{\"id\":\"ana:n\(index)\",\"points\":[[\(number),2,0]],\"color\":\"#000000\",\"width\":2,\"screen\":\"main\"}"
            let text =
                "{\"type\":\"op\",\"clientOpId\":\"ana:n\(index)\",\"event\":{\"kind\":\"strokeAdded\",\"stroke\":\(stroke)}}"
            try ana.send(raw: text)
            let error = try expectError("invalid_number", from: ana)
            XCTAssertEqual(error.clientOpId, "ana:n\(index)")
        }
        try ana.send(raw: #"{"type":"presence","screen":"main","x":1e999,"y":0}"#)
        _ = try expectError("invalid_number", from: ana)
        try assertSessionStillWorks()
    }

    func testUnknownKindAndMalformedEvents() throws {
        XCTAssertEqual(try ana.op("ana:k1", ["kind": "strokeTeleported"]).error?.code.rawValue, "unknown_kind")
        XCTAssertEqual(
            try ana.op("ana:k2", ["kind": "recognitionRun", "model": "x", "sawSeq": 1]).error?.code.rawValue,
            "unknown_kind")
        XCTAssertEqual(try ana.op("ana:k3", ["kind": "strokesErased"]).error?.code.rawValue, "invalid_event")
        XCTAssertEqual(
            try ana.op("ana:k4", ["kind": "strokesErased", "strokeIds": ["no such stroke"]]).error?.code.rawValue,
            "invalid_identifier")
        XCTAssertEqual(
            try ana.op("ana:k5", ["kind": "strokesErased", "strokeIds": ["ghost"]]).error?.code.rawValue,
            "invalid_event")
        try assertSessionStillWorks()
    }

    func testConflictingRetryInAGroupCommitDoesNotSinkOthers() throws {
        XCTAssertEqual(try ana.op("ana:c", SketchdClient.stroke(id: "ana:c1")).type, "ack")
        try ben.sendOp("ben:c", SketchdClient.stroke(id: "ben:c1"))
        let error = try ana.op("ana:c", SketchdClient.stroke(id: "ana:c2"))
        XCTAssertEqual(error.error?.code.rawValue, "conflicting_retry")
        XCTAssertEqual(try ben.waitFor(\.ack).clientOpId, "ben:c")
        try assertSessionStillWorks()
    }

    func testNotReadyBeforeHelloAndBeforeJoin() throws {
        let raw = try WebSocketClient(port: daemon.port)
        try raw.send(text: #"{"type":"createSession"}"#)
        guard case .text(let text)? = try raw.receive() else { return XCTFail("no reply") }
        XCTAssertTrue(text.contains("not_ready"), text)
        let cat = try daemon.client("cat")
        try cat.sendOp("cat:1", SketchdClient.stroke(id: "cat:1"))
        _ = try expectError("not_ready", from: cat)
        try assertSessionStillWorks()
    }

    func testRateLimitIsATokenBucketPerClient() throws {
        for index in 0..<60 { try ana.sendOp("ana:r\(index)", SketchdClient.stroke(id: "ana:r\(index)")) }
        let error = try expectError("rate_limited", from: ana)
        XCTAssertNotNil(error.clientOpId)
        try assertSessionStillWorks()  // ben has his own bucket
    }

    func testSessionFull() throws {
        let cat = try daemon.client("cat")
        try cat.join(session: session.session, token: session.view)
        let dan = try daemon.client("dan")
        try dan.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        _ = try expectError("session_full", from: dan)
        try assertSessionStillWorks()
    }

    func testViewTokenCannotWrite() throws {
        let viewer = try daemon.client("viewer")
        let (joined, _) = try viewer.join(session: session.session, token: session.view)
        XCTAssertEqual(joined.role, .view)
        let error = try viewer.op("viewer:1", SketchdClient.stroke(id: "viewer:1"))
        XCTAssertEqual(error.error?.code.rawValue, "read_only")
        try viewer.send(["type": "ink", "strokeId": "viewer:2", "screen": "main", "points": [[1, 1]]])
        _ = try expectError("read_only", from: viewer)
        try assertSessionStillWorks()
        try viewer.waitForSeq(ana.lastSeq)
        XCTAssertEqual(viewer.state.stateHash, ana.state.stateHash, "a viewer still watches")
    }

    /// A client that folded further than the session's log (restored from an older backup) is
    /// told to fold again, not given a number error.
    func testAJoinPastTheHeadIsTheHistoryRewound() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        _ = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        let ben = try daemon.client("ben")
        try ben.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 50])
        let error = try ben.waitFor(\.error)
        XCTAssertEqual(error.code, .historyRewound)
        XCTAssertEqual(try ben.join(session: session.session, token: session.edit, lastSeq: 0).caughtUp.seq, 1)
    }
}
