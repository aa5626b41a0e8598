import Foundation
import Logging
import WebSocketClient
import XCTest

@testable import SessionDaemon

/// The watcher wakes an open session when another process closes its file after writing, and
/// only that session.
final class SessionFileWatcherTests: XCTestCase {
    func testAWriteThenCloseOfASessionFileWakesItsSessionOnly() throws {
        let root = NSTemporaryDirectory() + "sketchd-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = SessionFileWatcher(root: root, logger: Logger(label: "test"))
        let wakes = Locked([String: Int]())
        for name in ["s-a", "s-b"] {
            watcher.watch(name) { wakes.update { $0[name, default: 0] += 1 } }
        }

        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/s-a.sketch-wal"))
        XCTAssertTrue(wakes.wait(until: { $0["s-a", default: 0] >= 1 }, timeout: 30), "s-a is woken")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/s-b.sketch"))
        XCTAssertTrue(wakes.wait(until: { $0["s-b", default: 0] >= 1 }, timeout: 30), "s-b is woken")
        XCTAssertEqual(wakes.value["s-a"], 1, "a write to another session's file does not wake s-a")

        watcher.stopWatching("s-a")
        try Data("y".utf8).write(to: URL(fileURLWithPath: root + "/s-a.sketch"))
        try Data("y".utf8).write(to: URL(fileURLWithPath: root + "/s-b.sketch"))
        XCTAssertTrue(wakes.wait(until: { $0["s-b", default: 0] >= 2 }, timeout: 30), "s-b is woken again")
        XCTAssertEqual(wakes.value["s-a"], 1, "a session no longer watched is not woken (its event came first)")
    }

    func testFileNamesMapToTheirSession() {
        XCTAssertEqual(SessionFileWatcher.session(ofFile: "s-1.sketch"), "s-1")
        XCTAssertEqual(SessionFileWatcher.session(ofFile: "s-1.sketch-wal"), "s-1")
        XCTAssertNil(SessionFileWatcher.session(ofFile: "s-1.sketch-shm"))
        XCTAssertNil(SessionFileWatcher.session(ofFile: "notes.txt"))
    }
}
