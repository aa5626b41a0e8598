import XCTest

@testable import SessionModel
@testable import StrokeLog

/// Property-style tests of the fold over random multi-author operation sequences.
final class FoldPropertyTests: XCTestCase {
    private func record(_ event: PendingEvent, seq: Int64) -> EventRecord {
        EventRecord(seq: seq, author: event.author, clientOpID: event.clientOpID, serverTime: 0, payload: event.payload)
    }

    /// Folds `count` random operations and returns the records and the final state.
    private func randomLog(seed: UInt64, count: Int) -> (records: [EventRecord], state: SessionState) {
        var ops = RandomOperations(seed: seed)
        var state = SessionState()
        var records: [EventRecord] = []
        for seq in 1...Int64(count) {
            let event = ops.next(for: state)
            let r = record(event, seq: seq)
            state.apply(r)
            records.append(r)
        }
        return (records, state)
    }

    func testUndoThenRedoNTimesGivesTheIdenticalState() {
        for seed in 0..<40 as Range<UInt64> {
            let (records, final) = randomLog(seed: seed, count: 120)
            var state = final
            let author = ["ana", "ben", "cleo"][Int(seed % 3)]
            let before = state
            let n = state.undoStack(of: author).count
            var seq = records.last!.seq
            for _ in 0..<n {
                seq += 1
                state.apply(EventRecord(seq: seq, author: author, clientOpID: "u\(seq)", serverTime: 0, payload: .undo))
            }
            for _ in 0..<n {
                seq += 1
                state.apply(EventRecord(seq: seq, author: author, clientOpID: "r\(seq)", serverTime: 0, payload: .redo))
            }
            XCTAssertEqual(state.stateHash, before.stateHash, "seed \(seed)")
            XCTAssertEqual(state.liveStrokes, before.liveStrokes, "seed \(seed)")
            XCTAssertEqual(state.corrections, before.corrections, "seed \(seed)")
        }
    }

    func testNobodysUndoRemovesAnotherAuthorsStroke() {
        for seed in 100..<140 as Range<UInt64> {
            var ops = RandomOperations(seed: seed)
            var state = SessionState()
            for seq in 1...Int64(200) {
                let event = ops.next(for: state)
                let othersLiveBefore = Set(othersLiveStrokes(in: state, excluding: event.author))
                state.apply(record(event, seq: seq))
                if event.payload == .undo {
                    let othersLiveAfter = Set(othersLiveStrokes(in: state, excluding: event.author))
                    XCTAssertTrue(
                        othersLiveBefore.isSubset(of: othersLiveAfter),
                        "seed \(seed) seq \(seq): \(event.author)'s undo removed another author's stroke")
                }
            }
        }
    }

    private func othersLiveStrokes(in state: SessionState, excluding author: String) -> [String] {
        state.liveStrokes.map(\.id).filter { !$0.hasPrefix(author + "-") }
    }

    func testANewActionClearsTheAuthorsRedoStack() {
        var state = SessionState()
        let add = { (seq: Int64, id: String) in
            EventRecord(
                seq: seq, author: "ana", clientOpID: "op\(seq)", serverTime: 0,
                payload: .strokeAdded(Stroke(id: id, points: [StrokePoint(x: 1, y: 1)])))
        }
        state.apply(add(1, "a"))
        state.apply(EventRecord(seq: 2, author: "ana", clientOpID: "op2", serverTime: 0, payload: .undo))
        XCTAssertEqual(state.redoStack(of: "ana"), [1])
        state.apply(add(3, "b"))
        XCTAssertEqual(state.redoStack(of: "ana"), [])
        XCTAssertEqual(
            state.apply(EventRecord(seq: 4, author: "ana", clientOpID: "op4", serverTime: 0, payload: .redo)),
            .nothingToUndo)
        XCTAssertEqual(state.liveStrokes.map(\.id), ["b"])
    }

    func testUndoOfAStrokeAnotherAuthorCorrectedReportsTheOverlap() {
        var state = SessionState()
        state.apply(
            EventRecord(
                seq: 1, author: "ana", clientOpID: "1", serverTime: 0,
                payload: .strokeAdded(Stroke(id: "s1", points: [StrokePoint(x: 1, y: 1)]))))
        state.apply(
            EventRecord(
                seq: 2, author: "ben", clientOpID: "2", serverTime: 0,
                payload: .labelCorrected(strokeIDs: ["s1"], label: "button")))
        let outcome = state.apply(EventRecord(seq: 3, author: "ana", clientOpID: "3", serverTime: 0, payload: .undo))
        XCTAssertEqual(outcome, .undid(undoneSeq: 1, overlaps: [2]))
        XCTAssertTrue(state.liveStrokes.isEmpty)
        XCTAssertEqual(state.corrections.map(\.seq), [2], "the other author's correction stays in effect")
        state.apply(EventRecord(seq: 4, author: "ana", clientOpID: "4", serverTime: 0, payload: .redo))
        XCTAssertEqual(state.liveStrokes.map(\.id), ["s1"])
    }

    func testFoldingTheSameRecordsTwiceGivesTheSameHash() {
        let (records, state) = randomLog(seed: 7, count: 300)
        XCTAssertEqual(SessionState.fold(records).stateHash, state.stateHash)
        XCTAssertEqual(SessionState.fold(records), state)
    }

    func testTheHashDependsOnWhatIsShown() {
        let (records, state) = randomLog(seed: 9, count: 50)
        var other = state
        other.apply(
            EventRecord(
                seq: Int64(records.count + 1), author: "zed", clientOpID: "z", serverTime: 0,
                payload: .strokeAdded(Stroke(id: "zed-1", points: [StrokePoint(x: 5, y: 5)]))))
        XCTAssertNotEqual(other.stateHash, state.stateHash)
    }

    func testTheHashIsStableAcrossRunsAndMachines() {
        var state = SessionState()
        state.apply(
            EventRecord(
                seq: 1, author: "ana", clientOpID: "1", serverTime: 0,
                payload: .strokeAdded(
                    Stroke(id: "s1", points: [StrokePoint(x: 1.5, y: 2.25, t: 3)], color: "#1f6feb", width: 2))))
        // Pinned: a change here means saved hashes of existing sessions would change too.
        XCTAssertEqual(state.stateHash, "f81ddb3c68c6fe6b4bd916c7e2c074f95d9f2553ecd216b2ac9e9ddef0897da2")
    }
}
