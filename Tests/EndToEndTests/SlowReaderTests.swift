import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// One client's process is stopped while 20 others keep working: the others are not held up,
/// and the stopped one later catches up (or is dropped to catch-up and resumes), losing nothing.
final class SlowReaderTests: XCTestCase {
    func testStoppedClientNeverSlowsOthersAndLosesNothing() throws {
        let daemon = try DaemonProcess(extraArguments: [
            "--max-queue", "512", "--ops-per-second", "100000", "--op-burst", "100000",
        ])
        let session = try daemon.newSession()
        let slow = Process()
        // The python3 on PATH: scripts/test.sh installs websocket-client there (sketchd_client.py).
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        slow.arguments = [
            "python3",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../Support/slow_reader.py"
            ).standardized.path,
            String(daemon.port), session.session, session.view,
        ]
        let input = Pipe()
        let output = Pipe()
        slow.standardInput = input
        slow.standardOutput = output
        try slow.run()
        defer { if slow.isRunning { kill(slow.processIdentifier, SIGKILL) } }
        let lines = LineReader(output.fileHandleForReading)
        XCTAssertEqual(lines.next(timeout: 20), "ready")
        kill(slow.processIdentifier, SIGSTOP)

        let clients = try (0..<20).map { index -> SketchdClient in
            let client = try daemon.client("c\(index)")
            try client.join(session: session.session, token: session.edit)
            return client
        }
        let perClient = 40
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for (index, client) in clients.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    for number in 0..<perClient {
                        // Busy readers on a loaded machine may be dropped to catch-up too; like a
                        // browser they resume and retry, and must still lose nothing.
                        try client.op(
                            "c\(index):\(number)", SketchdClient.stroke(id: "c\(index):s\(number)", count: 250),
                            timeout: 30, resuming: true)
                    }
                } catch {
                    failures.update { $0.append("c\(index): \(error)") }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success, "the others were held up")
        XCTAssertEqual(failures.value, [])
        let head = Int64(20 * perClient)  // no title event: seqs 1...800
        for client in clients {
            try client.waitForSeq(head, resuming: true)
            XCTAssertEqual(client.outOfOrderRecords, 0)
            XCTAssertEqual(client.lastSeq, head)
        }
        print("slow reader: the 20 active clients resumed \(clients.map(\.resumes).reduce(0, +)) times in all")

        kill(slow.processIdentifier, SIGCONT)
        input.fileHandleForWriting.write(Data("\(head)\n".utf8))
        let reportLine = lines.next(timeout: 60) ?? ""
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(reportLine.utf8)) as? [String: Any], reportLine)
        XCTAssertEqual(report["last"] as? Int, Int(head))
        XCTAssertEqual(report["received"] as? Int, Int(head), "every event exactly once")
        print("slow reader: \(reportLine)")
    }
}

/// Reads lines from a pipe with a timeout.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    init(_ handle: FileHandle) { self.handle = handle }

    func next(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            guard deadline.timeIntervalSinceNow > 0 else { return nil }
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(handle.fileDescriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
