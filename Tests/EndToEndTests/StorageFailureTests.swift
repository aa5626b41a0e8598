import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 12, defect 5, as the attack on the disk: a data directory that cannot be written and a
/// full disk get `storage_unavailable` (retryable), never `bad_token` or `internal`; a failed
/// `createSession` leaves no file; an op refused for lack of space is stored when it is sent
/// again after space is freed.
final class StorageFailureTests: XCTestCase {
    private var daemon: DaemonProcess?
    private var unlock: (() -> Void)?

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        unlock?()
        unlock = nil
        super.tearDown()
    }

    private func expectStorageUnavailable(_ client: SketchdClient, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let error = try client.waitFor(\.error)
        XCTAssertEqual(error.code.rawValue, "storage_unavailable", "\(error)", file: file, line: line)
        XCTAssertNotNil(error.retryAfterMs, "retryable: says when to try again", file: file, line: line)
    }

    private func sessionFiles(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sketch") }.sorted()
    }

    func testUnwritableDataDirectoryRefusesCreateAndJoinWithStorageUnavailable() throws {
        let directory = DaemonProcess.temporaryDirectory()
        let daemon = try DaemonProcess(dataDirectory: directory)
        self.daemon = daemon
        let session = try daemon.newSession()
        daemon.stop(signal: SIGKILL)
        // The last connection's close folds the -wal into the file and removes it, so opening
        // the file alone needs a -wal and -shm made in the directory.
        _ = try EventStore(openingExisting: "\(directory)/\(session.session).sketch")
        unlock = try UnwritableDirectory.lock(directory)
        try daemon.start()

        let ana = try daemon.client("ana")
        try ana.send(["type": "createSession", "title": "New"])
        try expectStorageUnavailable(ana)
        XCTAssertEqual(
            try sessionFiles(in: directory), [session.session + ".sketch"], "no file left by the failed create")

        try ana.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        try expectStorageUnavailable(ana)

        unlock?()
        unlock = nil
        let (joined, _) = try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(joined.role, .edit, "the same link works once the directory is writable")
    }

    /// Issue 22: an op in a joined session whose files cannot be written any more gets an
    /// answer, `storage_unavailable`, and the same op sent again is stored once they can.
    func testAnOpOnFilesThatCannotBeWrittenIsAnsweredAndStoredWhenSentAgain() throws {
        let daemon = try DaemonProcess()
        self.daemon = daemon
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(try ana.op("ana:0", SketchdClient.stroke(id: "ana:s0")).type, "ack")
        let file = "\(daemon.dataDirectory)/\(session.session).sketch"
        let unlockWAL = try UnwritableDirectory.lock(file + "-wal")
        let unlockFile = try UnwritableDirectory.lock(file)
        unlock = {
            unlockWAL()
            unlockFile()
        }

        let event = SketchdClient.stroke(id: "ana:s1")
        let reply = try ana.op("ana:1", event)
        XCTAssertEqual(reply.error?.code.rawValue, "storage_unavailable", "\(reply)")
        XCTAssertNotNil(reply.error?.retryAfterMs)

        unlock?()
        unlock = nil
        let retry = try ana.op("ana:1", event, timeout: 20)
        XCTAssertEqual(retry.type, "ack", "\(retry)")
        XCTAssertEqual(retry.ack?.duplicate, false)
        try ana.waitForSeq(retry.ack?.seq ?? -1)
        XCTAssertEqual(ana.state.stateHash, try daemon.foldFromDisk(session.session).stateHash)
    }

    func testFullDiskRefusesOpsWithStorageUnavailableAndTheRetryIsStoredOnceSpaceIsBack() throws {
        let mount = try SmallFilesystem(kilobytes: 1_024)
        defer { mount.remove() }
        let daemon = try DaemonProcess(dataDirectory: mount.path + "/data")
        self.daemon = daemon
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(try ana.op("ana:0", SketchdClient.stroke(id: "ana:s0")).type, "ack")

        try mount.fill()
        var refused: (opId: String, event: [String: Any])?
        for index in 1...40 where refused == nil {
            let event = SketchdClient.stroke(id: "ana:s\(index)", count: 2_000)
            let reply = try ana.op("ana:\(index)", event)
            if reply.type == "error" {
                XCTAssertEqual(reply.error?.code.rawValue, "storage_unavailable", "\(reply)")
                XCTAssertNotNil(reply.error?.retryAfterMs)
                refused = ("ana:\(index)", event)
            }
        }
        let op = try XCTUnwrap(refused, "a full disk refused an op")
        let before = try sessionFiles(in: mount.path + "/data")
        try ana.send(["type": "createSession"])
        try expectStorageUnavailable(ana)
        XCTAssertEqual(try sessionFiles(in: mount.path + "/data"), before, "no empty file left by the failed create")

        mount.freeSpace()
        let retry = try ana.op(op.opId, op.event, timeout: 20)
        XCTAssertEqual(retry.type, "ack", "the kept op is stored when sent again: \(retry)")
        XCTAssertEqual(retry.ack?.duplicate, false)
        try ana.waitForSeq(retry.ack?.seq ?? -1)
        XCTAssertEqual(ana.state.stateHash, try daemon.foldFromDisk(session.session).stateHash)
    }
}

/// Makes a directory or file unwritable even for root (`chattr +i`), or by mode for anyone else.
enum UnwritableDirectory {
    /// Locks `path`; returns what unlocks it. Skips the test where neither works.
    static func lock(_ path: String) throws -> () -> Void {
        if getuid() != 0 {
            chmod(path, 0o555)
            return { chmod(path, 0o755) }
        }
        guard run("/usr/bin/chattr", ["+i", path]) == 0 else { throw XCTSkip("chattr +i is not supported here") }
        return { _ = run("/usr/bin/chattr", ["-i", path]) }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A tmpfs of a given size (root only), to run out of space on purpose.
struct SmallFilesystem {
    let path: String

    init(kilobytes: Int) throws {
        path = DaemonProcess.temporaryDirectory()
        guard getuid() == 0,
            UnwritableDirectory.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) == 0
        else {
            throw XCTSkip("a full disk needs root and mount (tmpfs)")
        }
    }

    private var filler: String { path + "/filler" }

    /// Writes a file until the filesystem is full.
    func fill() throws {
        let handle = try XCTUnwrap(
            FileHandle(forWritingAtPath: filler)
                ?? {
                    FileManager.default.createFile(atPath: filler, contents: nil)
                    return FileHandle(forWritingAtPath: filler)
                }())
        defer { try? handle.close() }
        let chunk = Data(repeating: 0x5A, count: 4_096)
        while (try? handle.write(contentsOf: chunk)) != nil {}
    }

    func freeSpace() { try? FileManager.default.removeItem(atPath: filler) }

    func remove() { UnwritableDirectory.run("/bin/umount", ["-l", path]) }
}
