import Foundation
import XCTest

@testable import SessionModel
@testable import StrokeLog

/// `strokesMoved`: validation, both codecs, the fold, undo and redo, and the state hash.
final class StrokesMovedTests: XCTestCase {
    private func stroke(_ id: String, x: Double = 10, y: Double = 20) -> Stroke {
        Stroke(id: id, points: [StrokePoint(x: x, y: y, t: 0), StrokePoint(x: x + 5, y: y + 5, t: 16)])
    }

    private func record(_ seq: Int64, _ author: String, _ payload: EventPayload) -> EventRecord {
        EventRecord(seq: seq, author: author, clientOpID: "\(author):\(seq)", serverTime: 0, payload: payload)
    }

    func testValidationRoundsToTheEighthGridAndRefusesBadNumbers() throws {
        let move = try EventPayload.strokesMoved(strokeIDs: ["a", "b", "a"], dx: 10.3, dy: -0.06).validated()
        XCTAssertEqual(
            move, .strokesMoved(strokeIDs: ["a", "b"], dx: 10.25, dy: -0.0),
            "ids deduplicated, distances on the 1/8 grid")
        let refused: [(EventPayload, String)] = [
            (.strokesMoved(strokeIDs: ["a"], dx: .nan, dy: 0), "invalid_number"),
            (.strokesMoved(strokeIDs: ["a"], dx: 0, dy: .infinity), "invalid_number"),
            (.strokesMoved(strokeIDs: ["a"], dx: EventPayload.maxMoveDistance + 1, dy: 0), "invalid_number"),
            (.strokesMoved(strokeIDs: ["a"], dx: 0.01, dy: -0.02), "invalid_event"),
            (.strokesMoved(strokeIDs: [], dx: 1, dy: 0), "invalid_event"),
            (
                .strokesMoved(strokeIDs: Array(repeating: "a", count: EventPayload.maxStrokeIDs + 1), dx: 1, dy: 0),
                "invalid_event"
            ),
            (.strokesMoved(strokeIDs: ["bad id!"], dx: 1, dy: 0), "invalid_identifier"),
        ]
        for (payload, code) in refused {
            XCTAssertThrowsError(try payload.validated(), "\(payload)") {
                XCTAssertEqual(($0 as? StrokeLogError)?.code, code, "\(payload)")
            }
        }
    }

    func testBothCodecsRoundTripAMove() throws {
        let move = try EventPayload.strokesMoved(strokeIDs: ["s1", "s2"], dx: -199_999.875, dy: 0.125).validated()
        XCTAssertEqual(try EventPayload(binary: move.binaryEncoded()), move)
        let json = try JSONEncoder().encode(move)
        XCTAssertEqual(try JSONDecoder().decode(EventPayload.self, from: json), move)
        let wire = try JSONDecoder().decode(
            EventPayload.self, from: Data(#"{"kind":"strokesMoved","strokeIds":["s1"],"dx":3,"dy":-4.5}"#.utf8))
        XCTAssertEqual(wire, .strokesMoved(strokeIDs: ["s1"], dx: 3, dy: -4.5))
    }

    func testTheBinaryFormKeepsEveryEarlierKindsIndex() throws {
        // Stored logs name kinds by index: a new kind must not renumber the old ones.
        XCTAssertEqual(try EventPayload.undo.binaryEncoded(), [EventPayload.binaryVersion, 2])
        XCTAssertEqual(EventPayload.Kind.allCases.firstIndex(of: .recognitionRun), 12)
        XCTAssertEqual(EventPayload.Kind.allCases.firstIndex(of: .strokesMoved), 13)
    }

    func testAStoredDistanceBeyondTheLimitIsRefused() throws {
        var w = BinaryWriter()
        w.byte(EventPayload.binaryVersion)
        w.byte(UInt8(EventPayload.Kind.allCases.firstIndex(of: .strokesMoved)!))
        w.strings(["s1"])
        w.int(Int64(EventPayload.maxMoveDistance * 8) + 1)
        w.int(0)
        XCTAssertThrowsError(try EventPayload(binary: w.bytes)) {
            XCTAssertEqual(($0 as? StrokeLogError)?.code, "malformed_input")
        }
        let good = try EventPayload.strokesMoved(strokeIDs: ["s1"], dx: 1, dy: 2).validated().binaryEncoded()
        for length in 0..<good.count {
            XCTAssertThrowsError(try EventPayload(binary: Array(good.prefix(length))), "length \(length)")
        }
    }

    func testTheFoldMovesOnlyTheNamedStrokesAndUndoRedoIsExact() {
        var state = SessionState()
        state.apply(record(1, "ana", .strokeAdded(stroke("s1"))))
        state.apply(record(2, "ana", .strokeAdded(stroke("s2", x: 100))))
        let before = state.stateHash
        XCTAssertEqual(state.apply(record(3, "ana", .strokesMoved(strokeIDs: ["s1"], dx: 30, dy: -7.5))), .applied)
        XCTAssertEqual(state.liveStroke("s1")?.points.map(\.x), [40, 45])
        XCTAssertEqual(state.liveStroke("s1")?.points.map(\.y), [12.5, 17.5])
        XCTAssertEqual(state.liveStroke("s1")?.points.map(\.t), [0, 16], "times are kept")
        XCTAssertEqual(state.liveStroke("s2")?.points.map(\.x), [100, 105], "other strokes stay")
        let moved = state.stateHash
        XCTAssertNotEqual(moved, before, "the hash covers where strokes are")

        XCTAssertEqual(state.apply(record(4, "ana", .undo)), .undid(undoneSeq: 3, overlaps: []))
        XCTAssertEqual(state.liveStroke("s1")?.points.map(\.x), [10, 15])
        XCTAssertEqual(state.apply(record(5, "ana", .redo)), .redid(redoneSeq: 3))
        XCTAssertEqual(state.liveStroke("s1")?.points.map(\.x), [40, 45])
        XCTAssertEqual(state.stateHash, moved)
    }

    func testUndoingAnEarlierMoveKeepsLaterMovesOfOthers() {
        var state = SessionState()
        state.apply(record(1, "ana", .strokeAdded(stroke("s1"))))
        state.apply(record(2, "ana", .strokesMoved(strokeIDs: ["s1"], dx: 10, dy: 0)))
        state.apply(record(3, "ben", .strokesMoved(strokeIDs: ["s1"], dx: 0, dy: 100)))
        XCTAssertEqual(
            state.apply(record(4, "ana", .undo)), .undid(undoneSeq: 2, overlaps: [3]), "ben's later move is reported")
        XCTAssertEqual(state.liveStroke("s1")?.points.first, StrokePoint(x: 10, y: 120, t: 0))
        state.apply(record(5, "ben", .undo))
        XCTAssertEqual(state.liveStroke("s1")?.points.first, StrokePoint(x: 10, y: 20, t: 0))
    }

    func testAnErasedStrokeComesBackWhereItWasMoved() {
        var state = SessionState()
        state.apply(record(1, "ana", .strokeAdded(stroke("s1"))))
        state.apply(record(2, "ana", .strokesMoved(strokeIDs: ["s1"], dx: 8, dy: 8)))
        state.apply(record(3, "ana", .strokesErased(strokeIDs: ["s1"])))
        XCTAssertNil(state.liveStroke("s1"))
        state.apply(record(4, "ana", .undo))
        XCTAssertEqual(state.liveStroke("s1")?.points.first, StrokePoint(x: 18, y: 28, t: 0))
        XCTAssertEqual(state.liveStrokes(onScreen: Screen.mainID).first?.points.first, StrokePoint(x: 18, y: 28, t: 0))
    }

    func testCheckRefusesUnknownDeadAndOutOfBoundsMoves() {
        var state = SessionState()
        state.apply(record(1, "ana", .strokeAdded(stroke("s1"))))
        state.apply(record(2, "ana", .strokeAdded(stroke("gone"))))
        state.apply(record(3, "ana", .strokesErased(strokeIDs: ["gone"])))
        let refused: [(EventPayload, String)] = [
            (.strokesMoved(strokeIDs: ["s1", "nope"], dx: 1, dy: 0), "invalid_event"),
            (.strokesMoved(strokeIDs: ["gone"], dx: 1, dy: 0), "invalid_event"),
            (.strokesMoved(strokeIDs: ["s1"], dx: StrokePoint.coordinateLimit, dy: 0), "invalid_number"),
            (.strokesMoved(strokeIDs: ["s1"], dx: 0, dy: -StrokePoint.coordinateLimit - 21), "invalid_number"),
        ]
        for (payload, code) in refused {
            XCTAssertThrowsError(try state.check(payload), "\(payload)") {
                XCTAssertEqual(($0 as? StrokeLogError)?.code, code, "\(payload)")
            }
        }
        XCTAssertNoThrow(
            try state.check(.strokesMoved(strokeIDs: ["s1", "gone"], dx: StrokePoint.coordinateLimit - 15, dy: 0)))
        var pending = SessionState.PendingAdditions()
        pending.note(.strokeAdded(stroke("new")))
        XCTAssertNoThrow(try state.check(.strokesMoved(strokeIDs: ["new"], dx: 1, dy: 1), pending: pending))
    }

    func testAMoveIsStoredAndAReopenedLogFoldsToTheSameState() throws {
        let dir = try TemporaryDirectory()
        let directory = SessionDirectory(root: dir.path)
        let log = try directory.create("moves")
        _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: .strokeAdded(stroke("s1"))))
        guard
            case .stored(let move, .applied) = try log.append(
                PendingEvent(
                    author: "ana", clientOpID: "ana:2",
                    payload: .strokesMoved(strokeIDs: ["s1"], dx: 12.3, dy: 4)))
        else { return XCTFail("move not stored") }
        XCTAssertEqual(move.payload, .strokesMoved(strokeIDs: ["s1"], dx: 12.25, dy: 4), "stored in canonical form")
        guard
            case .rejected(let error) = try log.append(
                PendingEvent(
                    author: "ana", clientOpID: "ana:3",
                    payload: .strokesMoved(strokeIDs: ["missing"], dx: 1, dy: 1)))
        else { return XCTFail("unknown stroke accepted") }
        XCTAssertEqual(error.code, "invalid_event")
        let reopened = try directory.open("moves")
        XCTAssertEqual(reopened.state.stateHash, log.state.stateHash)
        XCTAssertEqual(reopened.state.liveStroke("s1")?.points.first?.x, 22.25)
        XCTAssertEqual(try log.store.summary().count, 2)
    }

    func testRandomMovesWithUndoAndRedoAlwaysReturnToTheSameHash() {
        for seed in 0..<20 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            var state = SessionState()
            var seq: Int64 = 0
            let authors = ["ana", "ben"]
            for i in 0..<6 {
                seq += 1
                state.apply(record(seq, authors[i % 2], .strokeAdded(stroke("s\(i)", x: Double(i * 40)))))
            }
            for _ in 0..<60 {
                seq += 1
                let author = authors.randomElement(using: &generator)!
                let ids = (0..<6).filter { _ in Bool.random(using: &generator) }.map { "s\($0)" }
                let payload: EventPayload
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5 where !ids.isEmpty:
                    payload = .strokesMoved(
                        strokeIDs: ids, dx: Double(Int.random(in: -800...800, using: &generator)) / 8,
                        dy: Double(Int.random(in: -800...800, using: &generator)) / 8)
                case 5..<8: payload = .undo
                default: payload = .redo
                }
                state.apply(record(seq, author, payload))
            }
            let before = state
            let n = state.undoStack(of: "ana").count
            for _ in 0..<n {
                seq += 1
                state.apply(record(seq, "ana", .undo))
            }
            for _ in 0..<n {
                seq += 1
                state.apply(record(seq, "ana", .redo))
            }
            XCTAssertEqual(state.stateHash, before.stateHash, "seed \(seed)")
            XCTAssertEqual(state.liveStrokes, before.liveStrokes, "seed \(seed)")
        }
    }
}
