import Foundation
import ScratchServers
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `sketchd --store postgres://...`: the sessions live in PostgreSQL, not on the node. A node
/// killed with `kill -9`, its data directory deleted, loses nothing acknowledged: another node on
/// the same database serves the session, a client's retry is answered as a duplicate, and
/// `sketchctl` reads the same log.
final class PostgresStoreTests: XCTestCase {
    func testASessionOutlivesItsNodeAndItsDisk() throws {
        let url = try ScratchPostgres.freshDatabase()
        let firstDisk = DaemonProcess.temporaryDirectory()
        let first = try DaemonProcess(dataDirectory: firstDisk, extraArguments: ["--store", url])
        let session = try first.newSession(title: "Kept in PostgreSQL")
        let ana = try first.client("ana")
        try ana.join(session: session.session, token: session.edit)
        var acked: [String: Int64] = [:]
        for n in 1...20 {
            let ack = try ana.op("ana:\(n)", SketchdClient.stroke(id: "ana:s\(n)", y: Double(20 + n * 10)))
            acked["ana:\(n)"] = try XCTUnwrap(ack.ack, "op \(n) was not acknowledged: \(ack)").seq
        }
        let head = try XCTUnwrap(acked.values.max())
        try ana.waitForSeq(head)
        let expected = ana.state.stateHash

        XCTAssertEqual(first.stop(signal: SIGKILL), SIGKILL)
        try FileManager.default.removeItem(atPath: firstDisk)

        let second = try DaemonProcess(extraArguments: ["--store", url])
        defer { second.stop() }
        let ben = try second.client("ben")
        let (joined, _) = try ben.join(session: session.session, token: session.view, lastSeq: 0)
        XCTAssertEqual(joined.headSeq, head, "every acknowledged op is there")
        try ben.waitForSeq(head)
        XCTAssertEqual(ben.state.stateHash, expected, "the other node folds the same state")
        XCTAssertEqual(ben.state.sessionTitle, "Kept in PostgreSQL")

        let back = try second.client("ana", secret: ana.secret)
        try back.join(session: session.session, token: session.edit, lastSeq: head)
        let retry = try back.op("ana:20", SketchdClient.stroke(id: "ana:s20", y: 220))
        XCTAssertEqual(retry.ack?.seq, acked["ana:20"], "a retry after the takeover is the same op: \(retry)")
        XCTAssertEqual(retry.ack?.duplicate, true)
        let next = try back.op("ana:21", SketchdClient.stroke(id: "ana:s21", y: 500))
        XCTAssertEqual(next.ack?.seq, head + 1, "the log goes on without a gap")

        let replay = try ShareCommandTests.sketchctl(["replay", "--store", url, "--session", session.session, "--json"])
        XCTAssertEqual(replay.status, 0, replay.output)
        let listed = try ShareCommandTests.sketchctl(["sessions", "--store", url])
        XCTAssertTrue(listed.output.contains("\(session.session)\t\(head + 1)\t"), listed.output)
    }

    /// A routing flap: two nodes serve one session at once. Each node's clients see the other
    /// node's ops as they commit (LISTEN/NOTIFY), seqs stay gapless and unique, and both nodes'
    /// clients end with the same state; `sketchctl import` reaches both the same way.
    func testTwoNodesServingOneSessionStayInStep() throws {
        let url = try ScratchPostgres.freshDatabase()
        let nodeA = try DaemonProcess(extraArguments: ["--store", url])
        defer { nodeA.stop() }
        let nodeB = try DaemonProcess(extraArguments: ["--store", url])
        defer { nodeB.stop() }
        let session = try nodeA.newSession(title: "Flap")
        let ana = try nodeA.client("ana")
        try ana.join(session: session.session, token: session.edit)
        let ben = try nodeB.client("ben")
        try ben.join(session: session.session, token: session.edit)
        var seqs: [Int64] = []
        for n in 1...10 {
            let (writer, other) = n % 2 == 1 ? (ana, ben) : (ben, ana)
            let ack = try writer.op(
                "\(writer.clientId):\(n)", SketchdClient.stroke(id: "\(writer.clientId):s\(n)", y: Double(20 + n * 30)))
            let seq = try XCTUnwrap(ack.ack, "op \(n): \(ack)").seq
            seqs.append(seq)
            try other.waitForSeq(seq)
        }
        XCTAssertEqual(seqs, Array(2...11), "one log: seqs follow each other across the nodes (seq 1 is the title)")

        let canvas = DaemonProcess.temporaryDirectory() + "/canvas.json"
        try
            #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "cli1", "points": [[10, 600], [200, 600]]}]}"#
            .write(toFile: canvas, atomically: true, encoding: .utf8)
        let imported = try ShareCommandTests.sketchctl(["import", "--store", url, "--session", session.session, canvas])
        XCTAssertEqual(imported.status, 0, imported.output)
        let head = try XCTUnwrap(
            imported.output.split(separator: " ").last.flatMap {
                Int64($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }, imported.output)
        XCTAssertGreaterThan(head, 11)
        for client in [ana, ben] {
            try client.waitForSeq(head)
            XCTAssertTrue(client.state.liveStrokes.contains { $0.id == "cli1" }, "\(client.clientId) sees the import")
        }
        XCTAssertEqual(ana.state.stateHash, ben.state.stateHash)
    }

    func testAnUnreachableDatabaseStopsTheDaemonBeforeItListens() throws {
        let (status, message, printed) = try DaemonProcess.refusedStart([
            "--store", "postgres://sketchd:hunter2@127.0.0.1:1/sketchd",
        ])
        XCTAssertEqual(status, 1, message)
        XCTAssertTrue(message.contains("session store could not be opened"), message)
        XCTAssertFalse(message.contains("hunter2"), "no password in the log: \(message)")
        XCTAssertFalse(printed.contains("listening"), printed)
    }
}

/// With a synchronous standby, an acknowledgement means the op is on two machines: while the
/// standby is down an op stays pending (its commit waits, never cancelled and never acked),
/// the daemon keeps serving reads, and the ack comes once the standby is back.
final class SynchronousStandbyTests: XCTestCase {
    func testNoAckUntilTheStandbyHasTheCommit() throws {
        let pair = try ScratchPostgres.replicatedPair()
        defer { pair.stop() }
        let daemon = try DaemonProcess(extraArguments: ["--store", pair.url])
        defer { daemon.stop(signal: SIGKILL) }
        let drawing = try daemon.newSession(title: "Waits for the standby")
        let reading = try daemon.newSession(title: "Read meanwhile")
        let ana = try daemon.client("ana")
        try ana.join(session: drawing.session, token: drawing.edit)
        let first = try XCTUnwrap(
            try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1")).ack, "acked while the standby is up")
        let ben = try daemon.client("ben")
        try ben.join(session: reading.session, token: reading.view)
        ben.close()

        try pair.stopStandby()
        try ana.sendOp("ana:2", SketchdClient.stroke(id: "ana:s2", y: 80))
        let deadline = Date().addingTimeInterval(60)
        while pair.commitsWaitingForStandby() < 1 {
            guard Date() < deadline else { return XCTFail("the op's commit never reached the primary") }
            usleep(20_000)
        }
        var early: [ServerMessage] = []
        while let message = try ana.next(timeout: 0) { early.append(message) }
        XCTAssertFalse(early.contains { $0.ack?.clientOpId == "ana:2" }, "acked before the standby had it: \(early)")

        // Meanwhile the node serves reads: a known client rejoins another session and catches up.
        let again = try daemon.client("ben", secret: ben.secret)
        let (joined, _) = try again.join(session: reading.session, token: reading.view, lastSeq: 0)
        XCTAssertEqual(joined.headSeq, 1, "the other session's title event")

        try pair.startStandby()
        let ack = try ana.waitFor(\.ack, timeout: 60) { $0.clientOpId == "ana:2" }
        XCTAssertEqual(ack.seq, first.seq + 1)
        XCTAssertEqual(ack.duplicate, false)
    }

    /// SIGTERM while a commit waits for the standby: the daemon exits anyway once its drain time
    /// is up, without acknowledging the op; the op, sent again to the next daemon once the
    /// standby is back, is in the log once, right after the last acknowledged one.
    func testShutdownDoesNotWaitForeverForACommitNorAckIt() throws {
        let pair = try ScratchPostgres.replicatedPair()
        defer { pair.stop() }
        let daemon = try DaemonProcess(extraArguments: ["--store", pair.url])
        defer { daemon.stop(signal: SIGKILL) }
        let drawing = try daemon.newSession(title: "Stopped while waiting")
        let ana = try daemon.client("ana")
        try ana.join(session: drawing.session, token: drawing.edit)
        let first = try XCTUnwrap(
            try ana.op("ana:1", SketchdClient.stroke(id: "ana:s1")).ack, "acked while the standby is up")

        try pair.stopStandby()
        let waiting = SketchdClient.stroke(id: "ana:s2", y: 80)
        try ana.sendOp("ana:2", waiting)
        let deadline = Date().addingTimeInterval(60)
        while pair.commitsWaitingForStandby() < 1 {
            guard Date() < deadline else { return XCTFail("the op's commit never reached the primary") }
            usleep(20_000)
        }
        let status = daemon.stop(signal: SIGTERM, within: 120)
        XCTAssertEqual(status, 0, "sketchd did not exit cleanly while a commit waited for the standby")
        var seen: [ServerMessage] = []
        while let message = try? ana.next(timeout: 0) { seen.append(message) }
        XCTAssertFalse(seen.contains { $0.ack?.clientOpId == "ana:2" }, "acked without the standby: \(seen)")

        try pair.startStandby()
        try daemon.start()
        let again = try daemon.client("ana", secret: ana.secret)
        _ = try again.join(session: drawing.session, token: drawing.edit, lastSeq: first.seq)
        let ack = try XCTUnwrap(try again.op("ana:2", waiting, timeout: 60).ack, "the resent op was not acknowledged")
        XCTAssertEqual(ack.seq, first.seq + 1, "the op is right after the last acknowledged one, once")
    }
}
