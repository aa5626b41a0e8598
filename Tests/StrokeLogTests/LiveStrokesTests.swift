import XCTest

@testable import SessionModel
@testable import StrokeLog

/// The live strokes the fold keeps per screen (`LiveStrokes`) against a walk over every stroke
/// the session ever had, after each step of random sequences of adds, erases, moves, undos and
/// redos by three authors on three screens, and after a checkpoint's round trip.
final class LiveStrokesTests: XCTestCase {
    private let screens = [Screen.mainID, "settings", "detail"]
    private let authors = ["ana", "ben", "cleo"]

    func testTheKeptLiveStrokesAreTheWalkedOnesAfterEveryStep() throws {
        for seed in 0..<30 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            var state = SessionState()
            var added: [String] = []
            for seq in 1...Int64(250) {
                let author = authors[Int(generator.next() % 3)]
                let payload: EventPayload
                switch generator.next() % 100 {
                case 0..<40:
                    let id = "\(author)-\(seq)"
                    added.append(id)
                    let x = Double(generator.next() % 300)
                    let y = Double(generator.next() % 600)
                    payload = .strokeAdded(
                        Stroke(
                            id: id, points: [StrokePoint(x: x, y: y), StrokePoint(x: x + 20, y: y + 10)],
                            screen: screens[Int(generator.next() % 3)]))
                case 40..<52 where !added.isEmpty:
                    payload = .strokesErased(
                        strokeIDs: (0..<(1 + generator.next() % 3)).map { _ in
                            added[Int(generator.next() % UInt64(added.count))]
                        })
                case 52..<62 where !added.isEmpty:
                    payload = .strokesMoved(
                        strokeIDs: [added[Int(generator.next() % UInt64(added.count))]], dx: 8, dy: -4)
                case 62..<85:
                    payload = .undo
                default:
                    payload = .redo
                }
                state.apply(
                    EventRecord(seq: seq, author: author, clientOpID: "\(seq)", serverTime: 0, payload: payload))
                for screen in screens {
                    XCTAssertEqual(
                        state.liveStrokes(onScreen: screen), Self.walked(state) { $0.screen == screen },
                        "seed \(seed) seq \(seq) \(screen)")
                }
                XCTAssertEqual(state.liveStrokes, Self.walked(state) { _ in true }, "seed \(seed) seq \(seq)")
            }
            let restored = try SessionState(checkpoint: state.checkpointEncoded())
            XCTAssertEqual(
                restored.liveByScreen, state.liveByScreen, "seed \(seed): a checkpoint keeps the same live strokes")
            XCTAssertEqual(restored, state, "seed \(seed)")
            XCTAssertFalse(
                state.liveByScreen.values.contains { $0.isEmpty }, "a screen without live strokes has no entry")
        }
    }

    func testAStrokeAddedLongAgoComesBackInItsPlace() {
        var state = SessionState()
        func apply(_ seq: Int64, _ payload: EventPayload) {
            state.apply(EventRecord(seq: seq, author: "ana", clientOpID: "\(seq)", serverTime: 0, payload: payload))
        }
        apply(1, .strokeAdded(Stroke(id: "a", points: [StrokePoint(x: 1, y: 1)])))
        apply(2, .strokesErased(strokeIDs: ["a"]))
        apply(3, .strokeAdded(Stroke(id: "b", points: [StrokePoint(x: 2, y: 2)])))
        apply(4, .strokeAdded(Stroke(id: "c", points: [StrokePoint(x: 3, y: 3)])))
        XCTAssertEqual(state.liveStrokes(onScreen: Screen.mainID).map(\.id), ["b", "c"])
        apply(5, .undo)  // c
        apply(6, .undo)  // b
        apply(7, .undo)  // the erase of a
        XCTAssertEqual(state.liveStrokes(onScreen: Screen.mainID).map(\.id), ["a"])
        apply(8, .redo)  // the erase again
        apply(9, .redo)  // b
        XCTAssertEqual(state.liveStrokes(onScreen: Screen.mainID).map(\.id), ["b"])
        apply(10, .strokesMoved(strokeIDs: ["b"], dx: 8, dy: 0))
        XCTAssertEqual(
            state.liveStrokes(onScreen: Screen.mainID).map(\.points.first?.x), [10], "the stroke as shown, moved")
    }

    func testAScreenOfHundredsOfStrokesKeepsThemInOrder() throws {
        var generator = SeededGenerator(seed: 99)
        var state = SessionState()
        var seq: Int64 = 0
        func apply(_ author: String, _ payload: EventPayload) {
            seq += 1
            state.apply(EventRecord(seq: seq, author: author, clientOpID: "\(seq)", serverTime: 0, payload: payload))
        }
        for n in 0..<600 {
            apply(
                authors[n % 3],
                .strokeAdded(Stroke(id: "s\(n)", points: [StrokePoint(x: Double(n % 390), y: Double(n))])))
        }
        for _ in 0..<150 { apply("ben", .strokesErased(strokeIDs: ["s\(generator.next() % 600)"])) }
        for n in 0..<200 { apply(authors[n % 3], generator.next() % 2 == 0 ? .undo : .redo) }
        XCTAssertEqual(state.liveStrokes(onScreen: Screen.mainID), Self.walked(state) { _ in true })
        XCTAssertGreaterThan(state.liveStrokes.count, 300)
        let restored = try SessionState(checkpoint: state.checkpointEncoded())
        XCTAssertEqual(
            restored.liveStrokes, state.liveStrokes, "strokes restored in any order come out in drawing order")
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.hashValue, state.hashValue, "equal however the strokes were chunked")
    }

    /// The live strokes that `include` keeps, by walking every stroke entry.
    private static func walked(_ state: SessionState, where include: (Stroke) -> Bool) -> [Stroke] {
        state.strokes.values.filter { $0.isLive && include($0.stroke) }.sorted { $0.addSeq < $1.addSeq }.map(\.shown)
    }
}
