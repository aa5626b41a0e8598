import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 22: a stored session file that cannot be used (garbage, empty, truncated, header-only,
/// foreign, bit-flipped, a symlink) answers a join with its right token `corrupt_store`, never
/// `internal`; the session stays closed, its file and the data directory are left exactly as
/// they were, and the other sessions go on.
final class CorruptStoreTests: XCTestCase {
    private var daemon: DaemonProcess?

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    func testGarbageFile() throws {
        try assertRefusedAsCorrupt { path in
            var generator = SeededGenerator(seed: 22)
            try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(
                to: URL(fileURLWithPath: path))
        }
    }

    func testEmptyFile() throws {
        try assertRefusedAsCorrupt { path in try Data().write(to: URL(fileURLWithPath: path)) }
    }

    func testTruncatedFile() throws {
        try assertRefusedAsCorrupt { path in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
    }

    /// The daemon was killed: the session's newest pages are still in its -wal, which must be
    /// neither checkpointed into the damaged file nor removed.
    func testTruncatedFileBesideItsWAL() throws {
        try assertRefusedAsCorrupt(checkpointFirst: false) { path in
            XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
    }

    func testHeaderOnlyFile() throws {
        try assertRefusedAsCorrupt { path in
            try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100).write(to: URL(fileURLWithPath: path))
        }
    }

    func testFirstPageOnly() throws {
        try assertRefusedAsCorrupt { path in
            try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4_096).write(to: URL(fileURLWithPath: path))
        }
    }

    func testForeignSQLiteFile() throws {
        try assertRefusedAsCorrupt { path in try ForeignDatabase.write(to: path, applicationIDFrom: nil) }
    }

    /// An SQLite file that carries sketchd's application id but not its tables.
    func testImpostorWithOurApplicationID() throws {
        try assertRefusedAsCorrupt { path in try ForeignDatabase.write(to: path, applicationIDFrom: path) }
    }

    func testBitFlippedFile() throws {
        try assertRefusedAsCorrupt { path in
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            // The b-tree header of page 2, the root of the first table.
            for index in 4_096..<4_108 { bytes[index] ^= 0xFF }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
    }

    /// A symlink is refused even when it points at a healthy session file elsewhere.
    func testSymlinkToAHealthySessionElsewhere() throws {
        let elsewhere = DaemonProcess.temporaryDirectory() + "/elsewhere.sketch"
        defer { try? FileManager.default.removeItem(atPath: (elsewhere as NSString).deletingLastPathComponent) }
        try assertRefusedAsCorrupt { path in
            try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        }
    }

    func testDanglingSymlink() throws {
        try assertRefusedAsCorrupt { path in
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".gone")
        }
    }

    /// Makes two sessions with a stroke each, kills the daemon, folds each session's -wal into
    /// its file (unless not `checkpointFirst`), damages the first's file with `damage`,
    /// restarts, and checks the join, the directory and the bystander.
    private func assertRefusedAsCorrupt(
        checkpointFirst: Bool = true, file: StaticString = #filePath, line: UInt = #line,
        _ damage: (String) throws -> Void
    ) throws {
        let daemon = try DaemonProcess()
        self.daemon = daemon
        let damaged = try daemon.newSession()
        let bystander = try daemon.newSession()
        for session in [damaged, bystander] {
            let writer = try daemon.client("writer")
            try writer.join(session: session.session, token: session.edit)
            XCTAssertEqual(try writer.op("writer:1", SketchdClient.stroke(id: "writer:s1")).type, "ack")
            writer.close()
        }
        daemon.stop(signal: SIGKILL)
        if checkpointFirst {
            // The last connection's close checkpoints the -wal into the file and removes it.
            for session in [damaged, bystander] {
                _ = try EventStore(openingExisting: "\(daemon.dataDirectory)/\(session.session).sketch")
            }
        }
        try damage("\(daemon.dataDirectory)/\(damaged.session).sketch")
        let before = try DirectorySnapshot(daemon.dataDirectory)
        try daemon.start()

        for attempt in 1...2 {
            let ana = try daemon.client("ana\(attempt)")
            try ana.send(["type": "join", "session": damaged.session, "token": damaged.edit, "lastSeq": 0])
            let error = try ana.waitFor(\.error)
            XCTAssertEqual(error.code.rawValue, "corrupt_store", "\(error)", file: file, line: line)
            XCTAssertFalse(
                error.message.contains(daemon.dataDirectory), "no server path in the message", file: file, line: line)
            try ana.sendOp("ana:1", SketchdClient.stroke(id: "ana:s1"))
            XCTAssertEqual(
                try ana.waitFor(\.error).code.rawValue, "not_ready", "an op gets an answer", file: file, line: line)
            ana.close()
        }
        XCTAssertFalse(
            daemon.openSessionFiles().contains(damaged.session), "the session stays closed", file: file, line: line)

        let ben = try daemon.client("ben")
        let (_, caughtUp) = try ben.join(session: bystander.session, token: bystander.edit)
        XCTAssertEqual(caughtUp.seq, 1, file: file, line: line)
        XCTAssertEqual(
            try ben.op("ben:1", SketchdClient.stroke(id: "ben:s1")).type, "ack", "other sessions go on", file: file,
            line: line)
        daemon.stop(signal: SIGKILL)
        let after = try DirectorySnapshot(daemon.dataDirectory)
        let name = damaged.session + ".sketch"
        XCTAssertEqual(
            after.entries[name], before.entries[name], "the damaged file is untouched", file: file, line: line)
        let besideIt = { (snapshot: DirectorySnapshot) in snapshot.names.filter { $0.hasPrefix(name) } }
        XCTAssertEqual(
            besideIt(after), besideIt(before), "no -wal, -shm or other file made beside it", file: file, line: line)
        if let wal = before.entries[name + "-wal"] {
            XCTAssertEqual(after.entries[name + "-wal"], wal, "a -wal it had keeps its frames", file: file, line: line)
        }
    }
}

/// The names in a directory, and for each its bytes (or a symlink's target).
struct DirectorySnapshot: Equatable {
    var entries: [String: Data] = [:]
    var names: [String] { entries.keys.sorted() }

    init(_ directory: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                entries[name] = Data(("-> " + target).utf8)
            } else {
                entries[name] = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            }
        }
    }
}

/// A real SQLite file of another application, written by Python's sqlite3 module.
enum ForeignDatabase {
    /// Replaces `path` with a database holding one unrelated table; with `applicationIDFrom`,
    /// it carries the application id of the SQLite file there (read before it is replaced).
    static func write(to path: String, applicationIDFrom source: String?) throws {
        let applicationID =
            try source.map { source -> UInt32 in
                let header = try Data(contentsOf: URL(fileURLWithPath: source)).prefix(72)
                return header[68..<72].reduce(0) { $0 << 8 | UInt32($1) }
            } ?? 0x1234_5678
        try FileManager.default.removeItem(atPath: path)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA application_id = \(Int32(bitPattern: applicationID))")
            db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
            db.execute("INSERT INTO notes (body) VALUES ('not a sketch')")
            db.commit()
            db.close()
            """
        guard UnwritableDirectory.run("/usr/bin/python3", ["-c", script, path]) == 0 else {
            throw XCTSkip("python3 with its sqlite3 module is needed to write a foreign SQLite file")
        }
    }
}
