import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// The SQLite connections of an open session are bounded (docs/design/daemon-threads.md): its
/// writer and at most two pooled readers, kept between catch-ups and closed with the session.
final class SessionConnectionsTests: XCTestCase {
    /// Descriptors the daemon holds on `path` itself (each SQLite connection opens it once).
    private func descriptors(of pid: Int32, on path: String) -> Int {
        let directory = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) == path
        }.count
    }

    func testAnOpenSessionKeepsAtMostTwoReadersAndClosesThemWithTheSession() throws {
        let daemon = try DaemonProcess(extraArguments: ["--idle-seconds", "1"])
        defer { daemon.stop() }
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        for number in 1...5 {
            _ = try ana.op("ana:\(number)", SketchdClient.stroke(id: "s\(number)", y: Double(100 * number)))
        }

        // Eight catch-ups at once, then a replay and a token check, all beside the writer.
        let viewers = try (0..<8).map { try daemon.client("viewer\($0)") }
        for viewer in viewers {
            try viewer.send(["type": "join", "session": session.session, "token": session.view, "lastSeq": 0])
        }
        for viewer in viewers { _ = try viewer.waitFor(\.caughtUp, timeout: 60) }
        try ana.send(["type": "replay", "toSeq": 3])
        _ = try ana.waitFor(\.replayState, timeout: 60)

        let file = (daemon.dataDirectory as NSString).resolvingSymlinksInPath + "/\(session.session).sketch"
        let held = descriptors(of: daemon.pid, on: file)
        XCTAssertGreaterThanOrEqual(held, 2, "the writer and at least one reader kept for the next read")
        XCTAssertLessThanOrEqual(held, 3, "the writer and at most two readers, however many read at once")

        ana.close()
        viewers.forEach { $0.close() }
        let deadline = Date().addingTimeInterval(60)
        while descriptors(of: daemon.pid, on: file) > 0, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(
            descriptors(of: daemon.pid, on: file), 0, "an idle session's close closes its writer and its readers")
    }
}
