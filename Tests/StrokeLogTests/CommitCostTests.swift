import Foundation
import XCTest

@testable import StrokeLog

/// What makes a commit cheap must not change what it does: the statements a writer keeps
/// prepared leave no read transaction open behind them (another process can still checkpoint
/// the file fully), checking a batch inside the commit's transaction still sees what another
/// process appended, and a state copied before a fold (the one the service thread holds) stays
/// the state it was, while the fold's result is the state a fresh fold gives.
final class CommitCostTests: XCTestCase {
    private var root = ""

    override func setUp() { root = NSTemporaryDirectory() + "sketchd-commit-cost-" + UUID().uuidString }
    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func stroke(_ id: String, x: Double) -> EventPayload {
        .strokeAdded(Stroke(id: id, points: [StrokePoint(x: x, y: 10), StrokePoint(x: x + 80, y: 10, t: 16)]))
    }

    func testKeptStatementsLeaveTheFileFreeForAnotherConnectionsFullCheckpoint() throws {
        let directory = SessionDirectory(root: root)
        let daemon = try directory.create("kept")
        for index in 0..<5 {
            _ = try daemon.append([
                PendingEvent(author: "ana", clientOpID: "ana:\(index)", payload: stroke("s\(index)", x: Double(index)))
            ])
            XCTAssertFalse(try daemon.absorbExternalChanges())
        }
        let cli = try directory.open("kept")
        // busy, WAL frames, frames checkpointed: busy is 1 when a reader still holds an older snapshot.
        let busy = try cli.file.db.scalarInt("PRAGMA wal_checkpoint(TRUNCATE)")
        XCTAssertEqual(busy, 0, "no statement of the daemon's connection is left holding a read transaction")
        _ = try cli.append(PendingEvent(author: "cli", clientOpID: "import:1", payload: stroke("c1", x: 300)))
        guard
            case .stored(let record, _) = try daemon.append(
                PendingEvent(author: "ana", clientOpID: "ana:9", payload: stroke("s9", x: 200)))
        else {
            return XCTFail("the daemon's append after the CLI's was refused")
        }
        XCTAssertEqual(record.seq, 7)
        XCTAssertEqual(
            daemon.takeAbsorbedRecords().map(\.seq), [6],
            "the kept data_version query still sees the other connection's commit")
    }

    /// The commit's one transaction folds what another process appended before it checks the
    /// batch: erasing a stroke only the CLI drew is valid, and a retry of a stored op is a duplicate.
    func testABatchIsCheckedAgainstWhatAnotherProcessAppendedInTheSameTransaction() throws {
        let directory = SessionDirectory(root: root)
        let daemon = try directory.create("foreign")
        let cli = try directory.open("foreign")
        _ = try daemon.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("a1", x: 0)))
        _ = try cli.append(PendingEvent(author: "cli", clientOpID: "import:1", payload: stroke("c1", x: 100)))
        let results = try daemon.append([
            PendingEvent(author: "ana", clientOpID: "ana:2", payload: .strokesErased(strokeIDs: ["c1"])),
            PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("a1", x: 0)),
        ])
        guard case .stored(let erase, _) = results[0], case .duplicate(let original) = results[1] else {
            return XCTFail("\(results)")
        }
        XCTAssertEqual([erase.seq, original.seq], [3, 1])
        XCTAssertEqual(daemon.takeAbsorbedRecords().map(\.seq), [2])
        XCTAssertEqual(daemon.state.liveStrokes.map(\.id), ["a1"])
        XCTAssertEqual(daemon.state.stateHash, try directory.open("foreign").state.stateHash)
    }

    func testAStateCopiedBeforeAFoldStaysAsItWas() {
        var records: [EventRecord] = []
        for index in 0..<200 {
            let seq = Int64(records.count + 1)
            records.append(
                EventRecord(
                    seq: seq, author: index % 2 == 0 ? "ana" : "ben", clientOpID: "op:\(seq)", serverTime: 0,
                    payload: stroke("s\(index)", x: Double(index))))
            if index % 3 == 2 {
                records.append(
                    EventRecord(seq: seq + 1, author: "ana", clientOpID: "op:\(seq + 1)", serverTime: 0, payload: .undo)
                )
            }
        }
        var state = SessionState()
        var copies: [(seq: Int64, state: SessionState, hash: String)] = []
        for record in records {
            state.apply(record)
            copies.append((record.seq, state, state.stateHash))
        }
        for (seq, copy, hash) in copies {
            XCTAssertEqual(copy.stateHash, hash, "the copy at \(seq) was changed by a later fold")
            XCTAssertEqual(
                copy, SessionState.fold(records.prefix(Int(seq))), "the copy at \(seq) is the fold through \(seq)")
        }
        XCTAssertEqual(state.liveStrokes.count, 200 - 66)
        XCTAssertEqual(state.checkpointEncoded(), SessionState.fold(records).checkpointEncoded())
    }
}
