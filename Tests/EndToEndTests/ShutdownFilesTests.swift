import Foundation
import WebSocketClient
import XCTest

/// Issue 22: a clean stop (SIGTERM) closes every session's SQLite connections, so no `-wal` or
/// `-shm` is left beside the session files.
final class ShutdownFilesTests: XCTestCase {
    func testSigtermLeavesNoWalOrShmBehind() throws {
        let daemon = try DaemonProcess()
        var sessions: [String] = []
        var clients: [SketchdClient] = []
        for index in 0..<3 {
            let session = try daemon.newSession()
            let writer = try daemon.client("w\(index)")
            try writer.join(session: session.session, token: session.edit)
            for op in 1...5 { try writer.op("w\(index):\(op)", SketchdClient.stroke(id: "w\(index):s\(op)")) }
            // A second member's catch-up read keeps a reader connection open beside the writer's.
            let reader = try daemon.client("r\(index)")
            try reader.join(session: session.session, token: session.view, lastSeq: 0)
            sessions.append(session.session)
            clients += [writer, reader]
        }
        XCTAssertFalse(Self.sideFiles(in: daemon.dataDirectory).isEmpty, "open sessions have their -wal and -shm")

        XCTAssertEqual(daemon.stop(signal: SIGTERM), 0)
        XCTAssertEqual(Self.sideFiles(in: daemon.dataDirectory), [])
        for session in sessions { XCTAssertEqual(try daemon.foldFromDisk(session).liveStrokes.count, 5) }
    }

    private static func sideFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }.sorted()
    }
}
