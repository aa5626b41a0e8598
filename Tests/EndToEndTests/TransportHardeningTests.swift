import Foundation
import SessionProtocol
import Synchronization
import WebSocketClient
import XCTest

/// Issue 12, defects 4, 6 (framing) and 7, as the attacks: a page of another origin, a request
/// with a lot of cookies, a symlink out of the web root, invalid UTF-8, a flood of zero-length
/// continuation frames and oversized messages, each against a real daemon.
final class TransportHardeningTests: XCTestCase {
    private var daemon: DaemonProcess!

    override func setUpWithError() throws {
        daemon = try DaemonProcess(extraArguments: ["--allow-origin", "https://sketch.example.org"])
    }

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    private func upgrades(origin: String?) -> Bool {
        (try? WebSocketClient(port: daemon.port, headers: origin.map { ["Origin: \($0)"] } ?? []))?.isClosed == false
    }

    func testOnlyTheDaemonsOwnOriginAndAllowedOnesMayOpenTheWebSocket() {
        XCTAssertFalse(upgrades(origin: "http://evil.example"), "a page of another origin")
        XCTAssertFalse(upgrades(origin: "http://127.0.0.1:\(daemon.port + 1)"), "another port is another origin")
        XCTAssertFalse(upgrades(origin: "null"), "a sandboxed or file: page")
        XCTAssertTrue(upgrades(origin: "http://127.0.0.1:\(daemon.port)"), "the daemon's own pages")
        XCTAssertTrue(upgrades(origin: "http://localhost:\(daemon.port)"))
        XCTAssertTrue(upgrades(origin: "https://sketch.example.org"), "--allow-origin")
        XCTAssertTrue(upgrades(origin: nil), "no Origin: not a browser page")
    }

    func testBindingBeyondLoopbackPrintsAWarning() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binary(named: "sketchd"))
        process.arguments = [
            "--host", "0.0.0.0", "--port", "0", "--data-dir", DaemonProcess.temporaryDirectory(), "--web-root",
            daemon.webRoot,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("--allow-origin"), Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(text.contains("WARNING") && text.contains("--allow-origin"), text)
    }

    func testSixteenKiBOfHeadersGetAnAnswer() throws {
        let cookies = (0..<60).map { "cookie\($0)=" + String(repeating: "c", count: 200) }.joined(separator: "; ")
        XCTAssertGreaterThan(cookies.utf8.count, 12_000)
        let answer = try HTTPProbe.get(port: daemon.port, path: "/", headers: ["Cookie: \(cookies)"])
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), String(answer.prefix(120)))
        XCTAssertTrue(answer.contains("sketchd test"))
    }

    func testSymlinksOutOfTheWebRootAreNotFollowed() throws {
        let outside = DaemonProcess.temporaryDirectory()
        try "top secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: daemon.webRoot + "/leak.txt", withDestinationPath: outside + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: daemon.webRoot + "/out", withDestinationPath: outside)
        try "fine".write(toFile: daemon.webRoot + "/inside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: daemon.webRoot + "/alias.txt", withDestinationPath: daemon.webRoot + "/inside.txt")

        for path in ["/leak.txt", "/out/secret.txt"] {
            let answer = try HTTPProbe.get(port: daemon.port, path: path)
            XCTAssertFalse(answer.contains("top secret"), "\(path): \(answer.prefix(200))")
            XCTAssertFalse(answer.hasPrefix("HTTP/1.1 200"), "\(path): \(answer.prefix(120))")
        }
        XCTAssertTrue(try HTTPProbe.get(port: daemon.port, path: "/inside.txt").contains("fine"))
        XCTAssertTrue(
            try HTTPProbe.get(port: daemon.port, path: "/alias.txt").contains("fine"),
            "a symlink that stays inside is served")
    }

    func testInvalidUTF8TextIsClosedWith1007() throws {
        let client = try WebSocketClient(port: daemon.port)
        try client.send(bytes: [0x7B, 0xFF, 0xFE, 0x7D], opcode: 1)
        XCTAssertEqual(try closeCode(of: client), 1007)
    }

    func testAFloodOfEmptyFramesIsCutOff() throws {
        let client = try WebSocketClient(port: daemon.port)
        client.setSendTimeout(seconds: 10)
        // Twice the burst, in one write: all of it is in the daemon's buffer when it decides, so
        // its close frame is not lost to a reset by bytes still arriving.
        try client.send(frames: 2_000, opcode: 1, final: true)
        XCTAssertEqual(try closeCode(of: client), 1008)
        XCTAssertNoThrow(try daemon.client("ana"), "the daemon still serves others (welcome)")
    }

    /// Empty PINGs and PONGs never reach the daemon's code (lws 4.1.6 answers and drops them
    /// itself), so each connection has a budget of bytes that carry no payload; a flood of them
    /// is cut off instead of keeping the service thread busy for as long as it lasts.
    func testAFloodOfEmptyControlFramesIsCutOff() throws {
        for opcode: UInt8 in [9, 10] {
            let client = try WebSocketClient(port: daemon.port)
            client.setSendTimeout(seconds: 10)
            let giveUp = Date().addingTimeInterval(120)
            var cutOff = false
            while !cutOff, Date() < giveUp {
                do { try client.send(frames: 10_000, opcode: opcode, final: true) } catch { cutOff = true }
            }
            XCTAssertTrue(cutOff, "the daemon kept taking empty frames of opcode \(opcode)")
            XCTAssertNoThrow(try daemon.client("ana-\(opcode)"), "the daemon still serves others (welcome)")
        }
    }

    /// A session's ordinary traffic in many small frames stays well within that budget.
    func testAMessageInManySmallFragmentsIsNotCutOff() throws {
        let ana = try daemon.client("ana")
        let text =
            #"{"type":"presence","screen":"main","x":1,"y":2,"pad":""# + String(repeating: "a", count: 200_000) + #""}"#
        try ana.socket.send(text: text, fragmentSize: 64)
        try ana.socket.send(text: #"{"type":"getCode"}"#)
        for message in ["the fragmented presence", "getCode after it"] {
            XCTAssertEqual(try ana.waitFor(\.error).code.rawValue, "not_ready", message)
        }
    }

    /// Reserved opcodes are a protocol error that lws closes with 1002 itself.
    func testAReservedOpcodeIsClosedWith1002() throws {
        let client = try WebSocketClient(port: daemon.port)
        try client.send(bytes: [0x7B, 0x7D], opcode: 3)
        XCTAssertEqual(try closeCode(of: client), 1002)
    }

    func testAnOversizedMessageIsClosedCleanlyWith1009EveryTime() throws {
        let huge =
            #"{"type":"presence","screen":"main","x":1,"y":2,"pad":""# + String(repeating: "a", count: 300_000) + #""}"#
        for attempt in 1...10 {
            let client = try WebSocketClient(port: daemon.port)
            try client.send(text: huge, fragmentSize: 16_384)
            XCTAssertEqual(try closeCode(of: client), 1009, "attempt \(attempt)")
        }
    }

    /// The code of the close frame, skipping any messages before it; 1006 if the connection
    /// ended without one.
    private func closeCode(of client: WebSocketClient) throws -> Int {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            do {
                guard let message = try client.receive(timeout: deadline.timeIntervalSinceNow) else { break }
                if case .close(let code, _) = message { return code }
            } catch {
                return 1006
            }
        }
        return 1006
    }
}

/// A plain HTTP/1.1 GET over a socket, with whatever headers a test needs.
enum HTTPProbe {
    /// The whole answer (status line, headers and body) to `GET path`.
    static func get(port: Int, path: String, headers: [String] = []) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw WebSocketClient.Failure.connect("errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + headers.map { $0 + "\r\n" }.joined()
            + "Connection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw WebSocketClient.Failure.closed }
            sent += written
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += chunk[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}

/// Issue 22: every connection over the per-address cap is closed with 1008, including those
/// that say `hello` at once (the harness saw 20 of 276 end without it), and the close handshake
/// completes: the clients' answer to the close is read, not met with a reset.
final class ConnectionCapTests: XCTestCase {
    func testEveryConnectionOverThePerAddressCapGets1008() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(signal: SIGKILL) }
        let cap = 256
        let extra = 20
        // Opened from several threads at once, each saying hello and then sending on without
        // reading (an over-cap connection is closed while its peer still writes).
        let clients = Mutex<[WebSocketClient]>([])
        defer { clients.withLock { $0.forEach { $0.abort() } } }
        let port = daemon.port
        DispatchQueue.concurrentPerform(iterations: cap + extra) { index in
            guard let client = try? WebSocketClient(port: port) else { return }
            try? client.send(
                text:
                    #"{"type":"hello","protocol":1,"clientId":"c\#(index)","secret":"\#(SketchdClient.randomSecret())"}"#
            )
            for _ in 0..<20 { try? client.send(text: #"{"type":"presence","screen":"main","x":1,"y":2}"#) }
            clients.withLock { $0.append(client) }
        }
        var endings: [String: Int] = [:]
        for client in clients.withLock({ $0 }) { endings[Self.firstAnswer(of: client), default: 0] += 1 }
        XCTAssertEqual(endings, ["welcome": cap, "close 1008": extra])
    }

    /// "welcome", "close CODE", or what else ended the wait.
    private static func firstAnswer(of client: WebSocketClient) -> String {
        do {
            while let message = try client.receive(timeout: 30) {
                switch message {
                case .text(let text) where (try? ServerMessage.decode(Array(text.utf8)))?.welcome != nil:
                    return "welcome"
                case .close(let code, _):
                    // Answered as browsers and websocket libraries do: a daemon that hung up
                    // at once resets the connection, and such clients lose the close.
                    do { try client.answerClose(code: UInt16(code)) } catch { return "close \(code), then reset" }
                    return "close \(code)"
                default: continue
                }
            }
            return "nothing within 30 s"
        } catch {
            return "reset without a close frame"
        }
    }
}
