import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 22: a data directory the daemon cannot search or write answers `storage_unavailable`,
/// never `bad_token` or `internal`, and works again once it can. File modes do not bind root,
/// so the daemon runs as `nobody` (through `setpriv`) over a data directory `nobody` owns.
final class StoragePermissionTests: XCTestCase {
    private var daemon: DaemonProcess?
    private var dataDirectory = ""

    override func setUpWithError() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("running the daemon as nobody needs root and setpriv")
        }
        dataDirectory = DaemonProcess.temporaryDirectory() + "/data"
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        chown(dataDirectory, Self.nobody.uid, Self.nobody.gid)
        daemon = try DaemonProcess(dataDirectory: dataDirectory, user: Self.nobody)
    }

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        chmod(dataDirectory, 0o755)
        super.tearDown()
    }

    private static let nobody = (uid: uid_t(65534), gid: gid_t(65534))

    private func expectStorageUnavailable(_ client: SketchdClient, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let error = try client.waitFor(\.error)
        XCTAssertEqual(error.code.rawValue, "storage_unavailable", "\(error)", file: file, line: line)
        XCTAssertNotNil(error.retryAfterMs, "retryable", file: file, line: line)
    }

    func testADataDirectoryTheDaemonCannotSearchRefusesJoinsWithStorageUnavailable() throws {
        let daemon = try XCTUnwrap(daemon)
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        chmod(dataDirectory, 0)

        let ben = try daemon.client("ben")
        try ben.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        try expectStorageUnavailable(ben)
        try ben.send(["type": "createSession"])
        try expectStorageUnavailable(ben)
        let reply = try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1"))
        XCTAssertEqual(reply.type, "ack", "the open session writes through the files it holds: \(reply)")

        chmod(dataDirectory, 0o755)
        let (joined, caughtUp) = try ben.join(session: session.session, token: session.edit)
        XCTAssertEqual(joined.role, .edit, "the same link works once the directory can be searched")
        XCTAssertEqual(caughtUp.seq, 1)
    }

    func testADataDirectoryTheDaemonCannotWriteRefusesJoinsAndCreatesWithStorageUnavailable() throws {
        let daemon = try XCTUnwrap(daemon)
        let session = try daemon.newSession()
        daemon.stop(signal: SIGKILL)
        // The last connection's close folds the -wal into the file and removes it, so the file
        // alone is the session and opening it needs a -wal and -shm made in the directory.
        _ = try EventStore(openingExisting: "\(dataDirectory)/\(session.session).sketch")
        chmod(dataDirectory, 0o555)
        try daemon.start()

        let ana = try daemon.client("ana")
        try ana.send(["type": "join", "session": session.session, "token": session.edit, "lastSeq": 0])
        try expectStorageUnavailable(ana)
        try ana.send(["type": "createSession"])
        try expectStorageUnavailable(ana)
        try ana.sendOp("ana:1", SketchdClient.stroke(id: "ana:s1"))
        XCTAssertEqual(try ana.waitFor(\.error).code.rawValue, "not_ready", "an op gets an answer")

        chmod(dataDirectory, 0o755)
        let (joined, _) = try ana.join(session: session.session, token: session.edit)
        XCTAssertEqual(joined.role, .edit, "the same link works once the directory is writable")
        XCTAssertEqual(try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1")).type, "ack")
    }
}
