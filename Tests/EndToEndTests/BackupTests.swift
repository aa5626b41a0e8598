import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `sketchctl backup` while clients keep writing, then `sketchctl restore` into a fresh directory.
final class BackupTests: XCTestCase {
    func testABackupTakenUnderWriteLoadRestoresTheSessionAsOfItsSeq() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let busy = try daemon.newSession(title: "busy")
        let quiet = try daemon.newSession(title: "quiet")

        let acked = Locked<Int>(0)
        let stop = Locked<Bool>(false)
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for writer in 0..<3 {
            let client = try daemon.client("w\(writer)")
            try client.join(session: busy.session, token: busy.edit)
            group.enter()
            Thread.detachNewThread {
                defer {
                    group.leave()
                    client.close()
                }
                var n = 0
                while !stop.value {
                    n += 1
                    do {
                        let reply = try client.op(
                            "w\(writer):\(n)",
                            SketchdClient.stroke(
                                id: "w\(writer)s\(n)", x: Double(10 + writer * 100), y: Double(10 + n % 700)))
                        guard reply.type == "ack" else { throw WebSocketClient.Failure.connect("refused: \(reply)") }
                        acked.update { $0 += 1 }
                    } catch {
                        failures.update { $0.append("w\(writer): \(error)") }
                        return
                    }
                }
            }
        }
        XCTAssertTrue(acked.wait(until: { $0 >= 30 }, timeout: 60), "writers are storing")

        let folder = DaemonProcess.temporaryDirectory() + "/backup"
        let backup = try ShareCommandTests.sketchctl([
            "backup", "--data-dir", daemon.dataDirectory, "--to", folder, "--json",
        ])
        XCTAssertEqual(backup.status, 0, backup.output)
        let ackedAtBackup = acked.value
        XCTAssertTrue(acked.wait(until: { $0 >= ackedAtBackup + 30 }, timeout: 60), "writers go on after the backup")
        stop.update { $0 = true }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(failures.value, [])

        let manifest = try SessionBackup(folder: folder).manifest()
        XCTAssertEqual(manifest.sessions.map(\.name), [busy.session, quiet.session].sorted())
        XCTAssertEqual(manifest.failed, [:])
        let entry = try XCTUnwrap(manifest.sessions.first { $0.name == busy.session })
        let live = try SessionDirectory(root: daemon.dataDirectory).open(busy.session)
        XCTAssertGreaterThan(entry.seq, 0)
        XCTAssertLessThan(entry.seq, live.store.lastSeq, "writes went on after the copy")
        XCTAssertEqual(entry.stateHash, try live.state(at: entry.seq).stateHash)

        let restoredDirectory = DaemonProcess.temporaryDirectory()
        let restore = try ShareCommandTests.sketchctl(["restore", "--from", folder, "--data-dir", restoredDirectory])
        XCTAssertEqual(restore.status, 0, restore.output)
        let restored = try SessionDirectory(root: restoredDirectory).open(busy.session)
        XCTAssertEqual(restored.store.lastSeq, entry.seq)
        XCTAssertEqual(restored.state.stateHash, entry.stateHash)
        XCTAssertEqual(try SessionDirectory(root: restoredDirectory).open(quiet.session).state.sessionTitle, "quiet")

        let again = try ShareCommandTests.sketchctl(["restore", "--from", folder, "--data-dir", restoredDirectory])
        XCTAssertEqual(again.status, 1, "an existing session is never replaced")
    }
}
