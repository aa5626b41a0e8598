import Foundation
import StrokeLog
import XCTest

@testable import Recognize

/// A warm recognizer (its caches full of earlier recognitions) gives the bytes a fresh one gives:
/// on every golden fixture drawn stroke by stroke, and after every step of seeded random edit
/// sequences (add, erase, move, undo, redo, corrections) folded through a real session state.
final class IncrementalRecognitionTests: XCTestCase {
    private static let shipped = Result { (try StrokeClassifier.shipped(), try HandwritingReader.shipped()) }
    private static let fixtureNames = ["login-form", "settings-toggles", "feed-bars", "flow-main", "flow-detail"]

    /// A recognizer with the shipped models and empty caches: a full recognition every time.
    func freshRecognizer() throws -> Recognizer {
        let (model, reader) = try Self.shipped.get()
        return Recognizer(classifier: LearnedClassifier(model), reader: reader)
    }

    private func fixture(_ name: String) throws -> (screen: Screen, strokes: [Stroke]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/\(name).json")
        let canvas = try CanvasFile.parse(try Data(contentsOf: url))
        return (canvas.screen(id: Screen.mainID, name: name), try canvas.strokes(onScreen: Screen.mainID))
    }

    func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// The daemon forgets the caches when its last session closes; a recognizer that forgot
    /// them halfway through a drawing goes on giving the bytes of a full recognition.
    func testForgettingTheCachesMidDrawingChangesNoResult() throws {
        let recognizer = try freshRecognizer()
        let (screen, strokes) = try fixture("feed-bars")
        let half = Array(strokes.prefix(strokes.count / 2))
        let before = try recognizer.recognize(screen: screen, strokes: half, corrections: [])
        recognizer.forgetCachedWork()
        XCTAssertEqual(
            try encoded(try recognizer.recognize(screen: screen, strokes: half, corrections: [])), try encoded(before))
        let whole = try recognizer.recognize(screen: screen, strokes: strokes, corrections: [])
        XCTAssertEqual(
            try encoded(whole),
            try encoded(try freshRecognizer().recognize(screen: screen, strokes: strokes, corrections: [])))
    }

    /// The per-group caches are keyed by the screen's exact size: the same strokes on a screen
    /// a fraction of a point wider are classified for that screen, as a fresh recognizer does.
    func testTheSameStrokesOnAScreenAFractionWiderMatchAFullRecognition() throws {
        let warm = try freshRecognizer()
        let (screen, strokes) = try fixture("login-form")
        var wider = screen
        wider.width += 0.9
        _ = try warm.recognize(screen: screen, strokes: strokes, corrections: [])
        let incremental = try warm.recognize(screen: wider, strokes: strokes, corrections: [])
        let full = try freshRecognizer().recognize(screen: wider, strokes: strokes, corrections: [])
        XCTAssertEqual(try encoded(incremental), try encoded(full))
    }

    func testEveryFixtureDrawnStrokeByStrokeMatchesAFullRecognitionAtEveryStep() throws {
        let warm = try freshRecognizer()
        for name in Self.fixtureNames {
            let (screen, strokes) = try fixture(name)
            for count in 1...strokes.count {
                let drawn = Array(strokes.prefix(count))
                let incremental = try warm.recognize(screen: screen, strokes: drawn, corrections: [])
                let full = try freshRecognizer().recognize(screen: screen, strokes: drawn, corrections: [])
                XCTAssertEqual(try encoded(incremental), try encoded(full), "\(name) after \(count) strokes")
            }
            // Taken back stroke by stroke: every state was seen, so every result comes from the cache.
            for count in stride(from: strokes.count - 1, through: 0, by: -1) {
                let drawn = Array(strokes.prefix(count))
                let incremental = try warm.recognize(screen: screen, strokes: drawn, corrections: [])
                let full = try freshRecognizer().recognize(screen: screen, strokes: drawn, corrections: [])
                XCTAssertEqual(try encoded(incremental), try encoded(full), "\(name) back to \(count) strokes")
            }
        }
    }

    func testRandomEditSequencesMatchAFullRecognitionAfterEveryStep() throws {
        var pool: [Stroke] = []
        for (n, name) in Self.fixtureNames.enumerated() {
            pool += try fixture(name).strokes.map { stroke in
                var renamed = stroke
                renamed.id = "f\(n)-" + stroke.id
                return renamed
            }
        }
        for seed: UInt64 in 1...3 {
            var session = EditedSession(pool: pool, seed: seed)
            let warm = try freshRecognizer()
            for step in 0..<60 {
                let edit = session.editAtRandom()
                let incremental = try warm.recognize(session: session.state)
                let full = try freshRecognizer().recognize(session: session.state)
                XCTAssertEqual(try encoded(incremental), try encoded(full), "seed \(seed), step \(step) (\(edit))")
            }
        }
    }
}

/// A session state edited at random by two authors, through the log's own fold.
private struct EditedSession {
    private(set) var state = SessionState()
    private var pool: [Stroke]
    private var random: SeededGenerator
    private var seq: Int64 = 0

    init(pool: [Stroke], seed: UInt64) {
        self.pool = pool
        random = SeededGenerator(seed: seed)
        append(.screenAdded(Screen(id: Screen.mainID, name: "Main", width: 390, height: 844)), by: "ana")
        for _ in 0..<12 { addStroke(by: "ana") }
    }

    /// One edit, named for the failure message.
    mutating func editAtRandom() -> String {
        let author = random.next() % 2 == 0 ? "ana" : "ben"
        let live = state.liveStrokes.map(\.id)
        switch random.next() % 10 {
        case 0, 1, 2:
            addStroke(by: author)
            return "add"
        case 3 where !live.isEmpty:
            append(.strokesErased(strokeIDs: pick(from: live, upTo: 3)), by: author)
            return "erase"
        case 4 where !live.isEmpty:
            let dx = Double(random.next() % 61) - 30
            let dy = Double(random.next() % 61) - 30
            append(.strokesMoved(strokeIDs: pick(from: live, upTo: 2), dx: dx, dy: dy), by: author)
            return "move"
        case 5, 6:
            append(.undo, by: author)
            return "undo"
        case 7:
            append(.redo, by: author)
            return "redo"
        case 8 where live.count >= 2:
            append(.strokesMerged(strokeIDs: pick(from: live, upTo: 3)), by: author)
            return "merge"
        case 9 where !live.isEmpty:
            append(.labelCorrected(strokeIDs: pick(from: live, upTo: 2), label: "button"), by: author)
            return "label"
        default:
            addStroke(by: author)
            return "add"
        }
    }

    private mutating func addStroke(by author: String) {
        guard !pool.isEmpty else { return append(.undo, by: author) }
        append(.strokeAdded(pool.remove(at: Int(random.next() % UInt64(pool.count)))), by: author)
    }

    private mutating func pick(from ids: [String], upTo most: Int) -> [String] {
        var left = ids
        var picked: [String] = []
        for _ in 0..<(1 + Int(random.next() % UInt64(most))) where !left.isEmpty {
            picked.append(left.remove(at: Int(random.next() % UInt64(left.count))))
        }
        return picked
    }

    private mutating func append(_ payload: EventPayload, by author: String) {
        seq += 1
        state.apply(EventRecord(seq: seq, author: author, clientOpID: "op\(seq)", serverTime: 0, payload: payload))
    }
}
