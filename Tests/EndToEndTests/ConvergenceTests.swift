import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// 16 clients edit one session at once; afterwards everyone agrees with the server and the log.
final class ConvergenceTests: XCTestCase {
    func testSixteenConcurrentEditorsConverge() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let clients = try (0..<16).map { index -> SketchdClient in
            let client = try daemon.client("c\(index)")
            try client.join(session: session.session, token: session.edit)
            return client
        }
        let failures = Locked<[String]>([])
        let highestSeq = Locked<Int64>(0)
        let group = DispatchGroup()
        for (index, client) in clients.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let seq = try Self.editRandomly(client, seed: UInt64(index + 1), operations: 40)
                    highestSeq.update { $0 = max($0, seq) }
                } catch {
                    failures.update { $0.append("c\(index): \(error)") }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(failures.value, [])
        let head = highestSeq.value
        XCTAssertGreaterThan(head, 16 * 20)

        for client in clients { try client.waitForSeq(head) }
        let disk = try daemon.foldFromDisk(session.session)
        XCTAssertEqual(disk.lastSeq, head)
        for client in clients {
            XCTAssertEqual(client.outOfOrderRecords, 0)
            XCTAssertEqual(client.state.stateHash, disk.stateHash, client.clientId)
        }
        let late = try daemon.client("late")
        let (_, caughtUp) = try late.join(session: session.session, token: session.view)
        XCTAssertEqual(caughtUp.stateHash, disk.stateHash, "the server's own hash")
        XCTAssertEqual(late.state.stateHash, disk.stateHash)
        XCTAssertEqual(try Self.replayHash(daemon, session.session), disk.stateHash, "sketchctl replay")
    }

    /// Sends random strokes, erases, undos and redos, reading as it goes; returns the highest
    /// seq acked.
    private static func editRandomly(_ client: SketchdClient, seed: UInt64, operations: Int) throws -> Int64 {
        var random = SeededGenerator(seed: seed)
        var highest: Int64 = 0
        for number in 0..<operations {
            let opId = "\(client.clientId):\(number)"
            let event: [String: Any]
            switch random.next() % 10 {
            case 0...4:
                event = SketchdClient.stroke(
                    id: "\(client.clientId):s\(number)", x: Double(random.next() % 300), y: Double(random.next() % 700),
                    count: 3 + Int(random.next() % 40))
            case 5, 6:
                let live = client.state.liveStrokes
                event =
                    live.isEmpty
                    ? ["kind": "undo"]
                    : ["kind": "strokesErased", "strokeIds": [live[Int(random.next() % UInt64(live.count))].id]]
            case 7, 8: event = ["kind": "undo"]
            default: event = ["kind": "redo"]
            }
            let reply = try client.op(opId, event, timeout: 30)
            if let seq = reply.ack?.seq { highest = max(highest, seq) }
        }
        return highest
    }

    static func replayHash(_ daemon: DaemonProcess, _ session: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binary(named: "sketchctl"))
        process.arguments = ["replay", "--data-dir", daemon.dataDirectory, "--session", session, "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return report?["stateHash"] as? String ?? ""
    }
}
