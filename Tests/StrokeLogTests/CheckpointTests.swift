import Foundation
import XCTest

@testable import SessionModel
@testable import StrokeLog

/// Checkpoints are derived snapshots of the fold: replay from them must equal replay from the
/// first event byte for byte, a damaged one must be noticed and skipped, and files written
/// before the table existed must keep working.
final class CheckpointTests: XCTestCase {
    private let policy = CheckpointPolicy(interval: 50, maxKept: 4)

    /// A session with `total` mixed operations, written with a small checkpoint interval.
    private func session(_ directory: SessionDirectory, _ name: String, total: Int, seed: UInt64 = 7) throws
        -> SessionLog
    {
        let log = try directory.create(name)
        log.store.checkpointPolicy = policy
        var workload = CheckpointWorkload(seed: seed)
        try workload.fill(log, total: total)
        return log
    }

    private func fromZero(_ directory: SessionDirectory, _ name: String, at seq: Int64) throws -> SessionState {
        try EventStore(readingExisting: directory.path(of: name)).replay(through: seq, fromCheckpoints: false).state
    }

    func testEncodingRoundTripsAndFoldsOnIdentically() throws {
        var workload = CheckpointWorkload(seed: 3)
        var state = SessionState()
        var records: [EventRecord] = []
        while records.count < 700 {
            let event = workload.next(for: state)
            guard let payload = try? event.payload.validated(), (try? state.check(payload)) != nil else { continue }
            let record = EventRecord(
                seq: state.lastSeq + 1, author: event.author, clientOpID: event.clientOpID, serverTime: 0,
                payload: payload)
            state.apply(record)
            records.append(record)
        }
        let kinds = Set(records.map(\.payload.kind))
        XCTAssertEqual(kinds, Set(EventPayload.Kind.allCases), "the workload covers every kind of event")
        XCTAssertTrue(state.strokes.values.contains { $0.offset != .zero }, "some strokes are moved")
        XCTAssertFalse(state.inactiveActions.isEmpty, "some actions are undone")

        for cut in stride(from: 0, through: records.count, by: 37) {
            let original = SessionState.fold(records.prefix(cut))
            let bytes = original.checkpointEncoded()
            var restored = try SessionState(checkpoint: bytes)
            XCTAssertEqual(restored, original, "decoded state at \(cut)")
            XCTAssertEqual(restored.checkpointEncoded(), bytes)
            XCTAssertEqual(restored.stateHash, original.stateHash)
            var continued = original
            for record in records.dropFirst(cut) {
                XCTAssertEqual(
                    restored.apply(record), continued.apply(record),
                    "fold outcome of seq \(record.seq) after a restore at \(cut)")
            }
            XCTAssertEqual(
                restored.checkpointEncoded(), continued.checkpointEncoded(), "folding on from the restore at \(cut)")
            XCTAssertEqual(restored.stateHash, state.stateHash)
        }
    }

    func testDecodingRefusesTruncatedOrUnknownBytes() throws {
        var workload = CheckpointWorkload(seed: 5)
        var state = SessionState()
        for seq in 1...60 {
            let event = workload.next(for: state)
            guard let payload = try? event.payload.validated(), (try? state.check(payload)) != nil else { continue }
            state.apply(
                EventRecord(
                    seq: Int64(seq), author: event.author, clientOpID: event.clientOpID, serverTime: 0, payload: payload
                ))
        }
        let bytes = state.checkpointEncoded()
        XCTAssertThrowsError(try SessionState(checkpoint: Array(bytes.dropLast())))
        XCTAssertThrowsError(try SessionState(checkpoint: bytes + [0]))
        XCTAssertThrowsError(try SessionState(checkpoint: [99] + bytes.dropFirst()))
        XCTAssertThrowsError(try SessionState(checkpoint: []))

        // Hostile bytes (a checkpoint whose digest was forged): a typed error or a state that
        // encodes back to bytes that decode to it again; never a crash.
        var generator = SeededGenerator(seed: 23)
        var refused = 0
        for _ in 0..<3_000 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                mutated[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                mutated.removeLast(Int.random(in: 0..<mutated.count, using: &generator))
            }
            do {
                let decoded = try SessionState(checkpoint: mutated)
                XCTAssertTrue(try SessionState(checkpoint: decoded.checkpointEncoded()) == decoded)
            } catch is StrokeLogError {
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 1_000, "most damage is refused")
    }

    func testCheckpointedReplayEqualsReplayFromZeroByteForByte() throws {
        let temp = try TemporaryDirectory()
        let directory = SessionDirectory(root: temp.path)
        let log = try session(directory, "long", total: 1_230)
        let head = log.store.lastSeq
        XCTAssertEqual(head, 1_230)

        let stored = try log.store.storedCheckpoints()
        XCTAssertEqual(stored.map(\.seq), policy.wanted(head: head), "the writer keeps exactly what the policy wants")
        XCTAssertTrue(stored.allSatisfy(\.digestMatches))
        XCTAssertLessThanOrEqual(stored.count, Int(2 * policy.maxKept) + 1, "thinned")
        XCTAssertEqual(stored.last?.seq, 1_200)

        var seqs: Set<Int64> = [0, 1, 2, head - 1, head, head + 10]
        for boundary in stride(from: policy.interval, through: head, by: Int(policy.interval)) {
            seqs.formUnion([boundary - 1, boundary, boundary + 1])
        }
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<40 { seqs.insert(Int64.random(in: 0...head, using: &generator)) }

        let reader = try EventStore(readingExisting: directory.path(of: "long"))
        for seq in seqs.sorted() {
            let truth = try fromZero(directory, "long", at: seq)
            let replay = try reader.replay(through: seq)
            XCTAssertEqual(
                replay.checkpointSeq, stored.map(\.seq).last { $0 <= seq } ?? 0,
                "started from the newest checkpoint at or before \(seq)")
            XCTAssertEqual(replay.state.checkpointEncoded(), truth.checkpointEncoded(), "state at \(seq)")
            XCTAssertTrue(replay.state == truth, "every field of the state at \(seq)")
            XCTAssertEqual(replay.state.stateHash, truth.stateHash, "hash at \(seq)")
            XCTAssertEqual(try directory.readState(of: "long", at: seq).checkpointEncoded(), truth.checkpointEncoded())
            XCTAssertEqual(try log.state(at: seq).stateHash, truth.stateHash)
        }
        XCTAssertEqual(
            log.state.checkpointEncoded(), try fromZero(directory, "long", at: head).checkpointEncoded(),
            "the writer's live state")
        let reopened = try directory.open("long")
        XCTAssertEqual(
            reopened.state.checkpointEncoded(), log.state.checkpointEncoded(),
            "a writer's open folds from a checkpoint to the same state")
    }

    func testDamagedCheckpointsAreSkippedAndRebuiltByTheNextWriter() throws {
        let temp = try TemporaryDirectory()
        let directory = SessionDirectory(root: temp.path)
        let log = try session(directory, "damaged", total: 620)
        let path = directory.path(of: "damaged")
        let kept = try log.store.storedCheckpoints().map(\.seq)
        XCTAssertEqual(kept, policy.wanted(head: 620))
        let newest = kept[kept.count - 1]
        let older = kept[kept.count - 2]
        let oldest = kept[0]

        // One flipped byte inside the newest blob; a wrong digest on the next; the oldest
        // replaced by another seq's state under a matching digest (intact but at the wrong seq).
        try log.file.executeForTesting(
            """
            UPDATE checkpoints SET state = CAST(substr(state, 1, 40) || X'5A' || substr(state, 42) AS BLOB) WHERE seq = \(newest);
            UPDATE checkpoints SET sha256 = zeroblob(32) WHERE seq = \(older);
            UPDATE checkpoints SET (sha256, state) = (SELECT sha256, state FROM checkpoints WHERE seq = \(kept[1])) WHERE seq = \(oldest);
            """)
        let reader = try EventStore(readingExisting: path)
        XCTAssertEqual(
            try reader.storedCheckpoints().filter { !$0.digestMatches }.map(\.seq), [older, newest],
            "digests catch both")

        for seq: Int64 in [oldest, older, newest, 620] {
            let replay = try reader.replay(through: seq)
            XCTAssertFalse(
                [oldest, older, newest].contains(replay.checkpointSeq),
                "a damaged checkpoint is never used (replay to \(seq))")
            XCTAssertTrue(replay.state == (try fromZero(directory, "damaged", at: seq)), "state at \(seq)")
        }
        try log.file.executeForTesting("DELETE FROM checkpoints WHERE seq = \(kept[1])")

        let writer = try EventStore(openingExisting: path)
        writer.checkpointPolicy = policy
        let state = try writer.foldRepairingCheckpoints()
        XCTAssertEqual(state.checkpointEncoded(), try fromZero(directory, "damaged", at: 620).checkpointEncoded())
        let repaired = try writer.storedCheckpoints()
        XCTAssertEqual(repaired.map(\.seq), kept, "missing and damaged checkpoints rebuilt")
        XCTAssertTrue(repaired.allSatisfy(\.digestMatches))
        for seq in kept {
            let replay = try reader.replay(through: seq)
            XCTAssertEqual(replay.checkpointSeq, seq, "the rebuilt checkpoint at \(seq) is used")
            XCTAssertEqual(
                replay.state.checkpointEncoded(), try fromZero(directory, "damaged", at: seq).checkpointEncoded())
        }
    }

    func testOldLayoutFileIsReadAsItIsAndGetsTheTableOnItsFirstWriterOpen() throws {
        let temp = try TemporaryDirectory()
        let directory = SessionDirectory(root: temp.path)
        let path = directory.path(of: "old")
        do {
            let log = try directory.create("old")
            var workload = CheckpointWorkload(seed: 19)
            try workload.fill(log, total: 2_050)
            // What a layout-1 file is: the same tables without `checkpoints`.
            try log.file.executeForTesting("DROP TABLE checkpoints; PRAGMA user_version = 1")
        }
        let truth = try fromZero(directory, "old", at: .max)

        let reader = try EventStore(readingExisting: path)
        XCTAssertEqual(reader.layoutVersion, 1)
        XCTAssertEqual(try reader.storedCheckpoints().count, 0)
        XCTAssertEqual(try reader.replay(through: 1_500).checkpointSeq, 0)
        XCTAssertEqual(try directory.readState(of: "old", at: nil).checkpointEncoded(), truth.checkpointEncoded())
        XCTAssertEqual(
            try directory.readState(of: "old", at: 1_500).stateHash, try fromZero(directory, "old", at: 1_500).stateHash
        )
        XCTAssertEqual(try EventStore(readingExisting: path).layoutVersion, 1, "a reader changes nothing")

        let log = try directory.open("old")
        XCTAssertEqual(log.file.layoutVersion, 2)
        XCTAssertTrue(log.state == truth)
        XCTAssertEqual(
            try log.store.storedCheckpoints().map(\.seq), [1_000, 2_000],
            "the first writer built the standard checkpoints")
        let upgraded = try EventStore(readingExisting: path)
        XCTAssertEqual(upgraded.layoutVersion, 2)
        XCTAssertEqual(try upgraded.replay(through: 2_049).checkpointSeq, 2_000)
        XCTAssertTrue(try upgraded.replay(through: 2_049).state == (try fromZero(directory, "old", at: 2_049)))
        _ = try log.append([PendingEvent(author: "ana", clientOpID: "after-upgrade", payload: .undo)])
        XCTAssertEqual(try directory.readState(of: "old", at: nil).stateHash, log.state.stateHash)

        // A current file whose table was dropped: commits go on, readers fold from zero, and the
        // next writer puts the table back.
        try log.file.executeForTesting("DROP TABLE checkpoints")
        for start in stride(from: 2_052, through: 3_010, by: 100) {
            _ = try log.append(
                (start...min(start + 99, 3_010)).map { n in
                    PendingEvent(
                        author: "dora", clientOpID: "dora:\(n)",
                        payload: .metadataSet(MetadataChange(title: "Title \(n)")))
                })
        }
        XCTAssertEqual(log.store.lastSeq, 3_010, "a checkpoint that cannot be written never fails a commit")
        XCTAssertTrue(try directory.readState(of: "old", at: 3_005) == (try fromZero(directory, "old", at: 3_005)))
        XCTAssertEqual(try EventStore(readingExisting: path).storedCheckpoints().count, 0)
        let restored = try directory.open("old")
        XCTAssertEqual(try restored.store.storedCheckpoints().map(\.seq), [1_000, 2_000, 3_000])
        XCTAssertTrue(restored.state == log.state)
    }

    func testPolicyKeepsABoundedEvenlySpacedSet() {
        let policy = CheckpointPolicy(interval: 1000, maxKept: 8)
        XCTAssertEqual(policy.wanted(head: 999), [])
        XCTAssertEqual(policy.wanted(head: 8_500), Array(stride(from: Int64(1000), through: 8000, by: 1000)))
        for head in stride(from: Int64(16_000), through: 1_000_000, by: 7_919) {
            let wanted = policy.wanted(head: head)
            XCTAssertLessThanOrEqual(wanted.count, 17, "head \(head)")
            XCTAssertGreaterThanOrEqual(wanted.count, 8, "head \(head)")
            XCTAssertEqual(wanted.last, head / 1000 * 1000)
            let gaps = zip(wanted.dropFirst(), wanted).map { $0 - $1 }
            XCTAssertLessThanOrEqual(gaps.max() ?? 0, head / 8 + 1000, "head \(head)")
        }
    }
}
