import Foundation
import StrokeLog
import XCTest

/// Backups taken from real session files, verified on the way back.
final class SessionBackupTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "sketchd-backup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func session(_ name: String, strokes: Int, in directory: SessionDirectory) throws -> SessionLog {
        let log = try directory.create(name)
        for n in 0..<strokes {
            let stroke = Stroke(
                id: "s\(n)", points: [StrokePoint(x: 10, y: Double(n), t: 0), StrokePoint(x: 90, y: Double(n), t: 16)])
            _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:\(n)", payload: .strokeAdded(stroke)))
        }
        return log
    }

    func testRestoreGivesBackEverySessionAsCopied() throws {
        let data = SessionDirectory(root: root + "/data")
        let first = try session("first", strokes: 5, in: data)
        let second = try session("second", strokes: 0, in: data)
        let manifest = try SessionBackup(folder: root + "/backup").take(of: data)
        XCTAssertEqual(manifest.sessions.map(\.name), ["first", "second"])
        XCTAssertEqual(manifest.sessions.map(\.seq), [5, 0])
        XCTAssertEqual(manifest.sessions.map(\.stateHash), [first.state.stateHash, second.state.stateHash])

        let target = SessionDirectory(root: root + "/restored")
        XCTAssertEqual(
            try SessionBackup(folder: root + "/backup").restore(into: target).map(\.name), ["first", "second"])
        XCTAssertEqual(try target.open("first").state.stateHash, first.state.stateHash)
        XCTAssertThrowsError(try SessionBackup(folder: root + "/backup").restore(["first"], into: target)) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "storage", "an existing session is never replaced")
        }
        XCTAssertThrowsError(
            try SessionBackup(folder: root + "/backup").restore(
                ["nobody"], into: SessionDirectory(root: root + "/other"))
        ) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "unknown_session")
        }
    }

    func testACopyThatNoLongerMatchesItsManifestIsNotRestored() throws {
        let data = SessionDirectory(root: root + "/data")
        _ = try session("first", strokes: 3, in: data)
        let backup = SessionBackup(folder: root + "/backup")
        _ = try backup.take(of: data)
        _ = try session("first", strokes: 0, in: SessionDirectory(root: root + "/elsewhere"))
        try FileManager.default.removeItem(atPath: backup.path(of: "first"))
        try FileManager.default.copyItem(atPath: root + "/elsewhere/first.sketch", toPath: backup.path(of: "first"))

        let target = SessionDirectory(root: root + "/restored")
        XCTAssertThrowsError(try backup.restore(into: target)) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "corrupt_store")
        }
        XCTAssertFalse(target.exists("first"), "nothing is left behind by a failed restore")
    }

    func testAFolderWithoutAManifestIsNotABackup() throws {
        XCTAssertThrowsError(try SessionBackup(folder: root).manifest()) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "malformed_input")
        }
    }

    func testACorruptSessionIsReportedAndTheOthersAreStillCopied() throws {
        let data = SessionDirectory(root: root + "/data")
        _ = try session("good", strokes: 2, in: data)
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: data.path(of: "bad")))
        let manifest = try SessionBackup(folder: root + "/backup").take(of: data)
        XCTAssertEqual(manifest.sessions.map(\.name), ["good"])
        XCTAssertEqual(Array(manifest.failed.keys), ["bad"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/backup/bad.sketch"))
    }
}
