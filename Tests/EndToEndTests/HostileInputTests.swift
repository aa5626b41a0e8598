import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 12, defects 2 and 6, as the attacks: oversized free text counted in characters, raw
/// NaN, a point with five numbers and a label outside the notation. Each gets the typed error
/// of PROTOCOL.md, and nothing oversized is stored or relayed.
final class HostileInputTests: XCTestCase {
    private var daemon: DaemonProcess!
    private var session: (session: String, edit: String, view: String)!
    private var ana: SketchdClient!

    override func setUpWithError() throws {
        daemon = try DaemonProcess()
        session = try daemon.newSession()
        ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
    }

    override func tearDown() {
        ana?.close()
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    /// 80 characters, each a base letter under 1,480 combining marks: about 232 KiB.
    private static let combiningMarkName = String(
        repeating: "a" + String(repeating: "\u{0301}", count: 1_480), count: 80)

    private func expectError(
        _ code: String, from client: SketchdClient, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ErrorMessage {
        let error = try client.waitFor(\.error)
        XCTAssertEqual(error.code.rawValue, code, "\(error)", file: file, line: line)
        return error
    }

    func testWelcomePublishesTheTextLimits() throws {
        let cat = try SketchdClient(port: daemon.port, clientId: "cat")
        let limits = try cat.awaitWelcome().limits
        XCTAssertEqual(limits.text["name"]?.maxBytes, 128)
        XCTAssertEqual(limits.text["title"]?.maxBytes, 256)
        XCTAssertEqual(limits.text["title"]?.maxGraphemes, 80)
        XCTAssertEqual(limits.text["screenName"]?.maxBytes, 256)
        XCTAssertEqual(limits.text["text"]?.maxBytes, 8_000)
        XCTAssertEqual(limits.maxColorBytes, 7)
    }

    func testCombiningMarkNameIsCutToItsByteLimitBeforeAnyoneSeesIt() throws {
        XCTAssertGreaterThan(Self.combiningMarkName.utf8.count, 230_000)
        XCTAssertEqual(Self.combiningMarkName.count, 80)
        let eve = try SketchdClient(port: daemon.port, clientId: "eve", name: Self.combiningMarkName)
        _ = try eve.awaitWelcome()
        try eve.join(session: session.session, token: session.view)
        let announced = try ana.waitFor(\.participant) { $0.clientId == "eve" }
        let name = announced.name
        XCTAssertLessThanOrEqual(name.utf8.count, 128)
        XCTAssertEqual(name, "eve", "not even the first grapheme fits, so the name falls back to the clientId")
        try eve.send(["type": "presence", "screen": "main", "x": 10, "y": 20])
        let presence = try ana.waitFor(\.presence) { $0.clientId == "eve" }
        XCTAssertEqual(presence.name, name)
    }

    func testLongNameIsCutByBytesOnAGraphemeBoundaryAfterNFC() throws {
        let decomposed = String(repeating: "e\u{0301}", count: 200)
        let fay = try SketchdClient(port: daemon.port, clientId: "fay", name: decomposed)
        _ = try fay.awaitWelcome()
        try fay.join(session: session.session, token: session.view)
        let announced = try ana.waitFor(\.participant) { $0.clientId == "fay" }
        XCTAssertEqual(announced.name, String(repeating: "\u{00E9}", count: 64), "64 two-byte graphemes fill 128 bytes")
    }

    func testOversizedTitleIsRefusedAndLeavesNoSessionFile() throws {
        let before = try sessionFiles()
        let creator = try daemon.client("creator2")
        try creator.send(["type": "createSession", "title": String(repeating: "T", count: 200_000)])
        let error = try expectError("text_too_long", from: creator)
        XCTAssertTrue(error.message.contains("256"), "\(error)")
        try creator.send(["type": "createSession", "title": "a" + String(repeating: "\u{0301}", count: 300)])
        _ = try expectError("text_too_long", from: creator)
        XCTAssertEqual(try sessionFiles(), before)
    }

    func testOversizedTitleScreenNameAndTextAreRefusedAndNotStored() throws {
        let big = String(repeating: "x", count: 200_000)
        let stroke = try ana.op("ana:s", SketchdClient.stroke(id: "ana:s"))
        let headBefore = stroke.ack?.seq ?? -1
        let attacks: [(String, [String: Any])] = [
            ("ana:t1", ["kind": "metadataSet", "title": big]),
            ("ana:t2", ["kind": "textSet", "strokeIds": ["ana:s"], "text": big]),
            ("ana:t3", ["kind": "screenRenamed", "screenId": "main", "name": big]),
            ("ana:t4", ["kind": "screenAdded", "screen": ["id": "s2", "name": big, "width": 390, "height": 844]]),
            ("ana:t5", ["kind": "textSet", "strokeIds": ["ana:s"], "text": String(repeating: "é", count: 2_001)]),
        ]
        for (opId, event) in attacks {
            let reply = try ana.op(opId, event)
            XCTAssertEqual(reply.error?.code.rawValue, "text_too_long", "\(opId): \(reply)")
        }
        let fitting = try ana.op(
            "ana:t6", ["kind": "textSet", "strokeIds": ["ana:s"], "text": String(repeating: "é", count: 2_000)])
        XCTAssertEqual(fitting.type, "ack", "\(fitting)")
        XCTAssertEqual(fitting.ack?.seq, headBefore + 1, "nothing refused was stored")
    }

    func testTitlesAreStoredInNFC() throws {
        let reply = try ana.op("ana:nfc", ["kind": "metadataSet", "title": "Cafe\u{0301}"])
        try ana.waitForSeq(reply.ack?.seq ?? -1)
        XCTAssertEqual(try daemon.foldFromDisk(session.session).sessionTitle, "Caf\u{00E9}")
    }

    func testRawNaNAndInfinityAreInvalidNumbers() throws {
        for (index, word) in ["NaN", "Infinity", "-Infinity"].enumerated() {
            let stroke =
                ##"{"id":"ana:n\##(index)","points":[[\##(word),2,0]],"color":"#000000","width":2,"screen":"main"}"##
            try ana.send(
                raw:
                    ##"{"type":"op","clientOpId":"ana:n\##(index)","event":{"kind":"strokeAdded","stroke":\##(stroke)}}"##
            )
            let error = try expectError("invalid_number", from: ana)
            XCTAssertEqual(error.clientOpId, "ana:n\(index)")
        }
        try ana.send(raw: #"{"type":"presence","screen":"main","x":NaN,"y":0}"#)
        _ = try expectError("invalid_number", from: ana)
        try ana.send(raw: #"{"type":"presence","screen":"NaN","x":1,"y":0}"#)
        let ok = try ana.op("ana:after", SketchdClient.stroke(id: "ana:after"))
        XCTAssertEqual(ok.type, "ack", "a string \"NaN\" is no number problem: \(ok)")
    }

    func testAPointWithFiveNumbersIsAnInvalidEvent() throws {
        let stroke: [String: Any] = [
            "id": "ana:p5", "points": [[1, 2, 0, 0.5, 9]], "color": "#000000", "width": 2, "screen": "main",
        ]
        let reply = try ana.op("ana:p5", ["kind": "strokeAdded", "stroke": stroke])
        XCTAssertEqual(reply.error?.code.rawValue, "invalid_event", "\(reply)")
    }

    func testALabelOutsideTheNotationIsRefused() throws {
        _ = try ana.op("ana:l", SketchdClient.stroke(id: "ana:l"))
        let refused = try ana.op(
            "ana:l1", ["kind": "labelCorrected", "strokeIds": ["ana:l"], "label": "zz-not-a-type"])
        XCTAssertEqual(refused.error?.code.rawValue, "unknown_label", "\(refused)")
        XCTAssertTrue((refused.error?.message ?? "").contains("button"))
        let accepted = try ana.op("ana:l2", ["kind": "labelCorrected", "strokeIds": ["ana:l"], "label": "button"])
        XCTAssertEqual(accepted.type, "ack", "\(accepted)")
    }

    private func sessionFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: daemon.dataDirectory).filter { $0.hasSuffix(".sketch") }
            .sorted()
    }
}
