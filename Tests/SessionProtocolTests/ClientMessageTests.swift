import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

final class ClientMessageTests: XCTestCase {
    private func code(_ text: String) -> WireError.Code? {
        do {
            _ = try ClientMessage.decode(Array(text.utf8))
            return nil
        } catch let error as WireError {
            return error.code
        } catch {
            return .internalError
        }
    }

    func testWellFormedMessagesDecode() throws {
        guard
            case .hello(let hello) = try ClientMessage.decode(
                Array(#"{"type":"hello","protocol":1,"clientId":"c-1"}"#.utf8))
        else {
            return XCTFail("not hello")
        }
        XCTAssertEqual(hello.protocolVersion, 1)
        guard
            case .op(let opId, .strokesErased(let ids)) = try ClientMessage.decode(
                Array(#"{"type":"op","clientOpId":"c:1","event":{"kind":"strokesErased","strokeIds":["s1"]}}"#.utf8))
        else {
            return XCTFail("not an erase op")
        }
        XCTAssertEqual(opId, "c:1")
        XCTAssertEqual(ids, ["s1"])
    }

    func testTypedErrors() {
        XCTAssertEqual(code("nope"), .badJSON)
        XCTAssertEqual(code(#"{"type":"warp"}"#), .badJSON)
        XCTAssertEqual(code(#"{"type":"op","clientOpId":"c:1","event":{"kind":"fly"}}"#), .unknownKind)
        XCTAssertEqual(code(#"{"type":"op","clientOpId":"c:1","event":{"kind":"textSet"}}"#), .invalidEvent)
        XCTAssertEqual(
            code(
                #"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s","points":[[1e999,1]],"screen":"main"}}}"#
            ), .invalidNumber)
        XCTAssertEqual(code(#"{"type":"presence","screen":"main","x":-1e400,"y":1}"#), .invalidNumber)
        XCTAssertEqual(code(#"{"type":"op","clientOpId":"c:1"}"#), .badJSON)
    }

    func testOpErrorsNameTheOperation() {
        do {
            _ = try ClientMessage.decode(Array(#"{"type":"op","clientOpId":"c:9","event":{"kind":"fly"}}"#.utf8))
            XCTFail("decoded")
        } catch let error as WireError {
            XCTAssertEqual(error.clientOpId, "c:9")
        } catch {
            XCTFail("\(error)")
        }
    }

    /// Hostile input never traps: random bytes, truncations and mutations of valid frames,
    /// deep nesting. Seeded, so a failure can be repeated.
    func testFuzzedInputNeverCrashes() {
        let seeds = [
            ##"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s1","points":[[1,2,0],[3,4,16,0.5]],"color":"#abc","width":2,"screen":"main"}}}"##,
            #"{"type":"join","session":"s-00","token":"t","lastSeq":5}"#,
            ##"{"type":"ink","strokeId":"s","screen":"main","points":[[1,2]],"color":"#fff","width":1}"##,
            ##"{"type":"op","clientOpId":"c:2","event":{"kind":"metadataSet","title":"x","theme":{"accent":"#123456"}}}"##,
        ].map { Array($0.utf8) }
        var random = SeededGenerator(seed: 42)
        let alphabet = Array("{}[]\":,0123456789.eE-+truefalsnul \\u".utf8)
        var decoded = 0
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            switch round % 4 {
            case 0: bytes = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 1: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            default:
                for _ in 0..<(1 + Int(random.next() % 6)) where !bytes.isEmpty {
                    bytes[Int(random.next() % UInt64(bytes.count))] =
                        alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            }
            if (try? ClientMessage.decode(bytes)) != nil { decoded += 1 }
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        XCTAssertEqual(code(String(decoding: deep, as: UTF8.self)), .badJSON)
        let deepEvent =
            #"{"type":"op","clientOpId":"c:1","event":{"kind":"undo","x":"# + String(repeating: "[", count: 50_000)
            + "}}"
        XCTAssertNotNil(code(deepEvent))
        XCTAssertGreaterThan(decoded, 0, "some mutations stay valid")
    }
}

final class ClientMessageEncodingTests: XCTestCase {
    /// The wire form a client sends is the form `decode` reads: every message type survives.
    func testEveryMessageTypeRoundTrips() throws {
        let messages: [ClientMessage] = [
            .hello(
                ClientMessage.Hello(
                    protocolVersion: 1, clientId: "c-1", name: "Ana", color: "#abc", secret: "q3xS0b9dHkN2YwZpL7rT4vQe")
            ),
            .createSession(title: "Login", session: nil),
            .join(ClientMessage.Join(session: "s-1", token: "t", lastSeq: 3)),
            .op(clientOpId: "c-1:1", event: .textSet(strokeIDs: ["s1"], text: "Log in")),
            .ink(ClientMessage.InkUpdate(strokeId: "s1", screen: "main", points: [[1, 2, 3]])),
            .presence(ClientMessage.PresenceUpdate(screen: "main", x: -1.5, y: 2)),
            .replay(toSeq: nil),
            .export(format: "png", toSeq: 7),
            .getCode,
            .shareLink(ShareLinkChange(action: .revoke, role: .view)),
            .watchDetections(true),
            .watchDetections(false),
        ]
        for message in messages {
            let frame = JSONWire.encode(message)
            XCTAssertEqual(try ClientMessage.decode(frame), message, String(decoding: frame, as: UTF8.self))
        }
        XCTAssertEqual(String(decoding: JSONWire.encode(ClientMessage.getCode), as: UTF8.self), #"{"type":"getCode"}"#)
        XCTAssertEqual(
            String(decoding: JSONWire.encode(ClientMessage.watchDetections(true)), as: UTF8.self),
            #"{"on":true,"type":"watchDetections"}"#)
    }

    func testWatchDetectionsNeedsABooleanOn() throws {
        XCTAssertEqual(
            try ClientMessage.decode(Array(#"{"type":"watchDetections","on":true}"#.utf8)), .watchDetections(true))
        for bad in [
            #"{"type":"watchDetections"}"#, #"{"type":"watchDetections","on":"yes"}"#,
            #"{"type":"watchDetections","on":1}"#,
        ] {
            XCTAssertThrowsError(try ClientMessage.decode(Array(bad.utf8)), bad) { error in
                XCTAssertEqual((error as? WireError)?.code, .badJSON, bad)
            }
        }
    }
}
