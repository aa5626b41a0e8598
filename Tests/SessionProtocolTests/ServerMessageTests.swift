import Recognize
import SessionProtocol
import SketchModel
import StrokeLog
import XCTest

/// The server's messages are the bytes PROTOCOL.md writes (the browser and the Python tests read
/// them as JSON), and every one decodes back to itself as a ``ServerMessage``.
final class ServerMessageTests: XCTestCase {
    private func text<Message: Encodable>(_ message: Message) -> String {
        String(decoding: JSONWire.encode(message), as: UTF8.self)
    }

    private static let limits = AdvertisedLimits(
        maxMessageBytes: 262_144, maxPointsPerStroke: 10_000, maxParticipants: 64,
        presenceHz: 30, outgoingQueue: 1024)

    func testTheWireFormIsPROTOCOLmdsWithSortedKeys() {
        XCTAssertEqual(
            text(WelcomeMessage(limits: Self.limits)),
            #"{"limits":{"maxColorBytes":7,"maxMessageBytes":262144,"maxParticipants":64,"#
                + #""maxPointsPerStroke":10000,"outgoingQueue":1024,"presenceHz":30,"text":{"name":{"maxBytes":128,"maxGraphemes":80},"#
                + #""screenName":{"maxBytes":256,"maxGraphemes":80},"text":{"maxBytes":8000,"maxGraphemes":2000},"#
                + #""title":{"maxBytes":256,"maxGraphemes":80}}},"protocol":1,"server":"sketchd/0.1","type":"welcome"}"#
        )
        XCTAssertEqual(
            text(ErrorMessage(WireError(.protocolMismatch, "no"))),
            #"{"code":"protocol_mismatch","message":"no","supported":[1],"type":"error"}"#)
        XCTAssertEqual(
            text(ErrorMessage(WireError(.rateLimited, "slow down", clientOpId: "c:1", retryAfterMs: 250))),
            #"{"clientOpId":"c:1","code":"rate_limited","message":"slow down","retryAfterMs":250,"type":"error"}"#)
        XCTAssertEqual(
            text(
                AckMessage(
                    clientOpId: "c:2", seq: 813, duplicate: false,
                    outcome: OutcomeInfo(.undid(undoneSeq: 800, overlaps: [805])))),
            #"{"clientOpId":"c:2","duplicate":false,"outcome":{"kind":"undid","overlaps":[805],"undoneSeq":800},"seq":813,"type":"ack"}"#
        )
        XCTAssertEqual(
            text(AckMessage(clientOpId: "c:2", seq: 813, duplicate: true, outcome: nil)),
            #"{"clientOpId":"c:2","duplicate":true,"seq":813,"type":"ack"}"#)
        XCTAssertEqual(
            text(
                InkRelayMessage(
                    from: "ana", strokeId: "ana:s1", screen: "main", points: [[1, 2.5, 0]], color: nil, width: 2)),
            #"{"from":"ana","points":[[1,2.5,0]],"screen":"main","strokeId":"ana:s1","type":"ink","width":2}"#)
        let file = GeneratedFile(path: "Views/Main.swift", text: "struct A {}\n", elementLines: ["e-s3": 12..<18])
        XCTAssertEqual(
            text(CodeMessage(seq: 813, version: 41, files: [file])),
            #"{"files":[{"path":"Views/Main.swift","text":"struct A {}\n"}],"seq":813,"sourceMap":{"Views/Main.swift":{"e-s3":[12,18]}},"type":"code","version":41}"#
        )
        XCTAssertEqual(
            text(ShareLinkChangedMessage(action: .revoke, role: .edit, token: nil)),
            #"{"action":"revoke","role":"edit","type":"shareLinkChanged"}"#)
        XCTAssertEqual(text(TokenRevokedMessage(role: .view)), #"{"role":"view","type":"tokenRevoked"}"#)
    }

    /// One of each message, as the daemon builds them.
    private static var oneOfEach: [ServerMessage] {
        let participant = ParticipantInfo(clientId: "ana", name: "Ana", color: "#1f6feb", role: .edit)
        let stroke = Stroke(id: "ana:s1", points: [StrokePoint(x: 1, y: 2, t: 0)])
        let record = EventRecord(
            seq: 1, author: "ana", clientOpID: "ana:1", serverTime: 1_795_000_000_000, payload: .strokeAdded(stroke))
        let element = Element(
            id: "e-s1", type: .button, frame: Rect(x: 10, y: 20, width: 200, height: 44), confidence: 0.9,
            strokeIds: ["ana:s1"], text: "Sign in")
        let screen = ScreenRecognition(
            screen: .main, elements: [element],
            layout: .vstack(.init(spacing: 8, alignment: "leading", children: [.element(id: "e-s1")])),
            readingOrder: ["e-s1"],
            detections: [
                Detection(strokeIds: ["ana:s1"], frame: element.frame, label: "button", confidence: 0.9, kept: true)
            ])
        let recognition = RecognitionMessage(screen, seq: 1, preview: [:])
        let file = GeneratedFile(path: "Main.swift", text: "a\nb", elementLines: ["e-s1": 0..<1])
        let hunk = DiffHunk(oldStart: 0, oldCount: 1, newStart: 0, newCount: 1, lines: ["-a", "+c"])
        return [
            .welcome(WelcomeMessage(limits: limits)),
            .error(ErrorMessage(WireError(.badToken, "unknown session or wrong token"))),
            .sessionCreated(SessionCreatedMessage(session: "s-1", editToken: "e", viewToken: "v")),
            .joined(JoinedMessage(session: "s-1", role: .edit, headSeq: 3, you: "ana", participants: [participant])),
            .participant(ParticipantMessage(participant)),
            .events(EventsMessage(records: [record])),
            .caughtUp(CaughtUpMessage(seq: 1, stateHash: "abc")),
            .ack(
                AckMessage(
                    clientOpId: "ana:1", seq: 1, duplicate: false, outcome: OutcomeInfo(.noEffect("nothing there")))),
            .ink(
                InkRelayMessage(
                    from: "ana", strokeId: "ana:s2", screen: "main", points: [[1, 2, 0, 0.5]], color: "#ff0000",
                    width: 2)),
            .presence(
                PresenceRelayMessage(clientId: "ana", name: "Ana", color: "#1f6feb", screen: "main", x: 1.5, y: -2)),
            .left(LeftMessage(clientId: "ana")),
            .recognition(recognition),
            .code(CodeMessage(seq: 1, version: 1, files: [file])),
            .codeDiff(
                CodeDiffMessage(
                    seq: 2, version: 2, baseVersion: 1,
                    files: [.init(path: "Main.swift", hunks: [hunk]), .init(path: "Old.swift", deleted: true)],
                    sourceMap: SourceMap([file]))),
            .replayState(
                ReplayStateMessage(
                    seq: 1, strokes: [stroke], screens: [.main], recognition: [recognition],
                    files: [GeneratedFile(path: "Main.swift", text: "a")])),
            .exportResult(
                ExportResultMessage(format: "png", filename: "Main.png", mime: "image/png", base64: "iVBORw0K")),
            .shareLinkChanged(ShareLinkChangedMessage(action: .rotate, role: .view, token: "t")),
            .tokenRevoked(TokenRevokedMessage(role: .view)),
        ]
    }

    private func encoded(_ message: ServerMessage) -> [UInt8] { JSONWire.encode(message) }

    func testEveryMessageDecodesBackToItselfUnderItsType() throws {
        let messages = Self.oneOfEach
        XCTAssertEqual(Set(messages.map(\.type)).count, 18, "one of each type")
        for message in messages {
            let bytes = encoded(message)
            let typeField = #""type":"\#(message.type)""#
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains(typeField), message.type)
            var decoded = try ServerMessage.decode(bytes)
            if case .code(var code) = decoded, case .code(let sent) = message {
                // Element lines travel in the source map, not in the files.
                code.files = sent.files
                decoded = .code(code)
            }
            if case .replayState(let state) = decoded {
                XCTAssertEqual(state.files?.first?.text, "a")
            } else {
                XCTAssertEqual(decoded, message)
            }
        }
    }

    func testTheSourceMapComesBackFromItsWireForm() throws {
        let code = try XCTUnwrap(try ServerMessage.decode(encoded(Self.oneOfEach[12])).code)
        XCTAssertEqual(code.sourceMap.lines, ["Main.swift": ["e-s1": 0..<1]])
        XCTAssertThrowsError(
            try ServerMessage.decode(
                Array(#"{"type":"code","seq":1,"version":1,"files":[],"sourceMap":{"A":{"e":[3,1]}}}"#.utf8)))
    }

    func testAPreviewAsTheWebReadsItDecodes() throws {
        let frame =
            #"{"type":"recognition","screen":"main","seq":4,"elements":[],"detections":[],"layout":{"kind":"vstack","spacing":8,"alignment":"leading","children":[]},"readingOrder":[],"#
            + ##""preview":{"e-s3":{"control":"toggle","strings":["Option"],"ink":"inkBlue","color":"#1E66F5","isOn":true}}}"##
        let recognition = try XCTUnwrap(try ServerMessage.decode(Array(frame.utf8)).recognition)
        XCTAssertEqual(recognition.preview["e-s3"]?.control, "toggle")
        XCTAssertEqual(recognition.preview["e-s3"]?.isOn, true)
    }

    func testUnknownTypesAndMissingFieldsAreDecodingErrors() {
        for frame in [
            #"{"type":"teleport"}"#, #"{"type":"ack","clientOpId":"c:1"}"#, #"{"seq":1}"#, "[]",
            #"{"type":"error","code":"no_such_code","message":"x"}"#,
        ] {
            XCTAssertThrowsError(try ServerMessage.decode(Array(frame.utf8)), frame)
        }
    }
}
