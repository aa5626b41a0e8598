import Foundation
import StrokeLog
import XCTest

/// What every ``SessionCatalog`` and ``SessionStore`` backend must do, checked the same way
/// against each (`SQLiteStoreContractTests`, `PostgresStoreContractTests`). `makeCatalog` gives
/// an empty catalog; calling it again gives a second handle on the same sessions (another
/// process, or another node).
struct StoreContract {
    let makeCatalog: () throws -> any SessionCatalog
    /// A catalog of the same backend that holds no session of `makeCatalog`'s (another data
    /// directory, another database).
    let makeEmptyCatalog: () throws -> any SessionCatalog

    private func stroke(_ id: String, x: Double = 10) -> EventPayload {
        .strokeAdded(Stroke(id: id, points: [StrokePoint(x: x, y: 20, t: 0), StrokePoint(x: x + 5, y: 25, t: 16)]))
    }

    private func op(_ author: String, _ n: Int, _ payload: EventPayload? = nil) -> PendingEvent {
        PendingEvent(
            author: author, clientOpID: "\(author):\(n)", payload: payload ?? stroke("\(author)-s\(n)", x: Double(n)))
    }

    func sessionsAreCreatedOpenedAndListedByName() throws {
        let catalog = try makeCatalog()
        XCTAssertEqual(try catalog.sessionNames(), [])
        XCTAssertFalse(try catalog.exists("alpha"))
        let alpha = try catalog.create("alpha")
        _ = try catalog.create("beta")
        XCTAssertThrowsError(try catalog.create("alpha"), "a name is taken once") { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "storage")
        }
        XCTAssertThrowsError(try catalog.open("gamma")) { error in
            XCTAssertEqual(error as? StrokeLogError, .unknownSession("gamma"))
        }
        XCTAssertThrowsError(try catalog.create("no spaces"), "names follow Identifier's rules")
        XCTAssertTrue(try catalog.exists("alpha"))
        XCTAssertEqual(try catalog.sessionNames(), ["alpha", "beta"])
        _ = try alpha.append([op("ana", 1), op("ana", 2)], now: 1_000)
        let listed = try catalog.list()
        XCTAssertEqual(listed.map(\.name), ["alpha", "beta"])
        XCTAssertEqual(listed.map(\.eventCount), [2, 0])
        XCTAssertEqual(listed.map(\.lastChange), [1_000, nil])
    }

    func appendsAreNumberedInOrderAndReadBack() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("order")
        for batch in 0..<5 {
            let results = try log.append((0..<3).map { op("ana", batch * 3 + $0) }, now: Int64(batch))
            XCTAssertEqual(results.count, 3)
        }
        XCTAssertEqual(log.store.lastSeq, 15)
        let records = try log.store.events(after: 0)
        XCTAssertEqual(records.map(\.seq), Array(1...15))
        XCTAssertEqual(records.map(\.clientOpID), (0..<15).map { "ana:\($0)" })
        XCTAssertEqual(try log.store.events(after: 10, limit: 3).map(\.seq), [11, 12, 13])
        XCTAssertEqual(try log.store.summary().count, 15)
        XCTAssertEqual(try log.store.summary().lastChange, 4)
        let reopened = try catalog.open("order")
        XCTAssertEqual(reopened.state, log.state, "the same log folds to the same state")
        XCTAssertEqual(try catalog.readState(of: "order", at: 6).liveStrokes.count, 6)
    }

    func aRetryIsAnsweredWithItsFirstRecordAndAReusedIDIsRefused() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("retry")
        guard case .stored(let first, _) = try log.append(op("ana", 1)) else { return XCTFail("not stored") }
        _ = try log.append(op("ben", 1))
        guard case .duplicate(let again) = try log.append(op("ana", 1)) else {
            return XCTFail("a retry was stored twice")
        }
        XCTAssertEqual(again, first)
        XCTAssertThrowsError(try log.append(op("ana", 1, stroke("other")))) { error in
            XCTAssertEqual(error as? StrokeLogError, .conflictingRetry(clientOpID: "ana:1", originalSeq: first.seq))
        }
        XCTAssertEqual(try log.store.summary().count, 2)
        let twice = try log.append([op("cara", 1), op("cara", 1)])
        guard case .stored(let once, _) = twice[0], case .duplicate(let same) = twice[1] else {
            return XCTFail("an op twice in one batch is stored once: \(twice)")
        }
        XCTAssertEqual(same, once)
        // A retry seen from another handle (after a takeover) is a duplicate too.
        let elsewhere = try makeCatalog().open("retry")
        guard case .duplicate(let there) = try elsewhere.append(op("ana", 1)) else {
            return XCTFail("a retry after takeover was stored again")
        }
        XCTAssertEqual(there.seq, first.seq)
    }

    /// A batch of new ops with a retry among them, and a retry that the state would now refuse
    /// (a stroke erased twice): each retry is its first record, the new ops are stored after the
    /// head, in order, whether the head moved elsewhere or not.
    func retriesAmongNewOpsAreAnsweredAsTheyWereStored() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("mixed")
        guard case .stored(let first, _) = try log.append(op("ana", 1)) else { return XCTFail("not stored") }
        let erase = PendingEvent(author: "ana", clientOpID: "ana:erase", payload: .strokesErased(strokeIDs: ["ana-s1"]))
        guard case .stored(let erased, _) = try log.append(erase) else { return XCTFail("the erase was not stored") }
        let mixed = try log.append([op("ben", 1), op("ana", 1), op("ben", 2)])
        guard case .stored(let b1, _) = mixed[0], case .duplicate(let again) = mixed[1],
            case .stored(let b2, _) = mixed[2]
        else {
            return XCTFail("a retry among new ops: \(mixed)")
        }
        XCTAssertEqual(again, first)
        XCTAssertEqual([b1.seq, b2.seq], [3, 4])
        let refusedNow = try log.append([erase, op("ben", 3)], atomically: true)
        guard case .duplicate(let erasedAgain) = refusedNow[0], case .stored(let b3, _) = refusedNow[1] else {
            return XCTFail("a retry the state would refuse now is still its first record: \(refusedNow)")
        }
        XCTAssertEqual(erasedAgain, erased)
        XCTAssertEqual(b3.seq, 5)
        let elsewhere = try makeCatalog().open("mixed")
        _ = try log.append(op("ana", 2))
        let after = try elsewhere.append([op("cara", 1), op("ben", 2)])
        guard case .stored(let c1, _) = after[0], case .duplicate(let b2Again) = after[1] else {
            return XCTFail("after a move elsewhere: \(after)")
        }
        XCTAssertEqual(c1.seq, 7, "stored after the other handle's append")
        XCTAssertEqual(b2Again, b2)
        XCTAssertEqual(try log.store.summary().count, 7)
        XCTAssertEqual(try makeCatalog().open("mixed").state, elsewhere.state)
    }

    func aRejectedOperationWritesNothingAndAnAtomicBatchAllOrNothing() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("reject")
        let bad = PendingEvent(
            author: "ana", clientOpID: "ana:bad", payload: .strokesErased(strokeIDs: ["nothing-here"]))
        let results = try log.append([op("ana", 1), bad, op("ana", 2)])
        guard case .rejected = results[1] else { return XCTFail("erasing a stroke that does not exist is refused") }
        XCTAssertEqual(try log.store.summary().count, 2)
        XCTAssertThrowsError(try log.append([op("ana", 3), bad], atomically: true))
        XCTAssertEqual(try log.store.summary().count, 2, "an atomic batch with a rejected op stores nothing")
        XCTAssertEqual(log.store.lastSeq, 2)
    }

    func anotherWritersAppendsAreFoldedInBeforeTheNextAppend() throws {
        let first = try makeCatalog().create("shared")
        let second = try makeCatalog().open("shared")
        _ = try first.append(op("ana", 1))
        XCTAssertTrue(try second.absorbExternalChanges(), "the other writer's commit is seen")
        XCTAssertEqual(second.takeAbsorbedRecords().map(\.clientOpID), ["ana:1"])
        _ = try first.append(op("ana", 2))
        guard case .stored(let record, _) = try second.append(op("ben", 1)) else { return XCTFail("not stored") }
        XCTAssertEqual(record.seq, 3, "the append comes after what the other writer stored")
        XCTAssertEqual(second.takeAbsorbedRecords().map(\.clientOpID), ["ana:2"], "folded in inside the append")
        _ = try second.absorbExternalChanges()
        XCTAssertEqual(second.takeAbsorbedRecords(), [], "nothing is folded in twice")
        _ = try first.append(op("ana", 3))
        XCTAssertEqual(first.state.lastSeq, 4)
        XCTAssertEqual(first.takeAbsorbedRecords().map(\.clientOpID), ["ben:1"])
        XCTAssertEqual(try makeCatalog().open("shared").state, first.state)
    }

    func aBackupRestoresEveryEventTokenAndSecretAsTheyWere() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("kept")
        let token = try SessionCapabilities.rotate(.edit, in: log.store)
        XCTAssertEqual(try ClientSecrets.prove(clientId: "ana", secretDigest: "ana-digest", in: log.store), .registered)
        for n in 0..<1_203 { _ = try log.append([op(n % 3 == 0 ? "ben" : "ana", n)], now: 5_000 + Int64(n)) }
        _ = try log.append([PendingEvent(author: "ana", clientOpID: "ana:undo", payload: .undo)], now: 9_000)
        let folder = NSTemporaryDirectory() + "sketchd-backup-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let manifest = try SessionBackup(folder: folder).take(of: catalog)
        XCTAssertEqual(manifest.sessions.map(\.name), ["kept"])
        XCTAssertEqual(manifest.sessions[0].seq, 1_204)
        XCTAssertEqual(manifest.sessions[0].stateHash, log.state.stateHash)
        XCTAssertThrowsError(
            try SessionBackup(folder: folder).restore(into: catalog), "restore never replaces a session")

        let target = try makeEmptyCatalog()
        XCTAssertEqual(try SessionBackup(folder: folder).restore(into: target).map(\.name), ["kept"])
        let restored = try target.open("kept")
        XCTAssertEqual(restored.state.stateHash, log.state.stateHash)
        XCTAssertEqual(
            try restored.store.events(after: 0).map(\.serverTime), try log.store.events(after: 0).map(\.serverTime))
        XCTAssertEqual(try target.digests(of: "kept").role(of: token), .edit, "the links keep working")
        XCTAssertEqual(
            try ClientSecrets.prove(clientId: "ana", secretDigest: "ana-digest", in: restored.store), .proven)
        XCTAssertEqual(try ClientSecrets.prove(clientId: "ana", secretDigest: "mallory", in: restored.store), .refused)
        let retried = try restored.append([op("ana", 1)])
        guard case .duplicate(let original) = retried[0] else {
            return XCTFail("a retry after the restore is a duplicate: \(retried)")
        }
        XCTAssertEqual(original.seq, 2)
    }

    func metadataIsKeptAndItsChangeIsSeenElsewhere() throws {
        let log = try makeCatalog().create("meta")
        let other = try makeCatalog().open("meta")
        XCTAssertFalse(try other.store.changedElsewhere())
        XCTAssertNil(try log.store.meta("capability.edit.sha256"))
        try log.store.setMeta("capability.edit.sha256", "abc")
        try log.store.setMeta("capability.edit.sha256", "def")
        XCTAssertEqual(try log.store.meta("capability.edit.sha256"), "def")
        XCTAssertFalse(try log.store.changedElsewhere(), "its own writes are not news")
        XCTAssertTrue(try other.store.changedElsewhere(), "a token change is seen by the other writer")
        XCTAssertEqual(try other.store.meta("capability.edit.sha256"), "def")
        XCTAssertFalse(try other.store.changedElsewhere())
    }

    func checkpointsSaveWorkAndNeverChangeTheState() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("checkpoints")
        log.store.checkpointPolicy = CheckpointPolicy(interval: 10, maxKept: 2)
        for n in 0..<47 { _ = try log.append(op("ana", n)) }
        let fromCheckpoint = try log.store.replay(through: 25, fromCheckpoints: true)
        let fromStart = try log.store.replay(through: 25, fromCheckpoints: false)
        XCTAssertEqual(fromCheckpoint.checkpointSeq, 20, "folded on from the newest checkpoint at or before 25")
        XCTAssertEqual(fromStart.checkpointSeq, 0)
        XCTAssertEqual(fromCheckpoint.state, fromStart.state)
        let reader = try catalog.openReader("checkpoints")
        XCTAssertEqual(try reader.replay(through: .max, fromCheckpoints: true).checkpointSeq, 40)
        XCTAssertEqual(try reader.replay(through: .max, fromCheckpoints: true).state, log.state)
        let reopened = try catalog.open("checkpoints")
        XCTAssertEqual(reopened.state, log.state)
    }

    func aReaderNeverWrites() throws {
        let catalog = try makeCatalog()
        let log = try catalog.create("reader")
        _ = try log.append(op("ana", 1))
        let reader = try catalog.openReader("reader")
        XCTAssertFalse(reader.isWritable)
        XCTAssertEqual(try reader.events(after: 0).count, 1)
        XCTAssertThrowsError(try reader.setMeta("k", "v"))
        XCTAssertThrowsError(try catalog.openReader("missing")) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "unknown_session")
        }
    }
}
