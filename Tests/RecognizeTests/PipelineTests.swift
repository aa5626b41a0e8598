import Foundation
import SketchModel
import StrokeLog
import Synchronization
import XCTest

@testable import Recognize

final class PipelineTests: XCTestCase {
    private func settingsSketch() -> Sketch {
        var s = Sketch()
        s.rect("bar", 4, 40, 382, 56)
        s.icon("back", "back", 30, 68, size: 20)
        s.squiggle("title", 150, 63, 90)
        for i in 0..<4 {
            let y = 150 + Double(i) * 60
            s.squiggle("t\(i)", 24, y + 10, 120)
            s.rect("p\(i)", 310, y, 52, 28, label: "roundedRectangle")
            s.circle("k\(i)", 314, y + 14, 11)
        }
        return s
    }

    private func json(_ r: ScreenRecognition) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(r)
    }

    func testTheSameInputGivesTheSameBytes() throws {
        let s = settingsSketch()
        let first = try json(try s.recognize())
        for _ in 0..<3 {
            XCTAssertEqual(
                try json(try s.recognizer.recognize(screen: .main, strokes: s.strokes, corrections: [])), first)
        }
    }

    func testRecognisingAfterOneMoreStrokeEqualsAFullRecompute() throws {
        var s = settingsSketch()
        s.squiggle("more", 24, 420, 160)
        let warm = s.recognizer
        _ = try warm.recognize(screen: .main, strokes: s.strokes.dropLast(), corrections: [])
        let incremental = try warm.recognize(screen: .main, strokes: s.strokes, corrections: [])
        let fresh = try s.recognizer.recognize(screen: .main, strokes: s.strokes, corrections: [])
        XCTAssertEqual(try json(incremental), try json(fresh))
    }

    func testOnlyChangedGroupsAreClassifiedAgain() throws {
        var s = settingsSketch()
        let counter = CountingClassifier(inner: s.classifier)
        let recognizer = Recognizer(classifier: counter)
        _ = try recognizer.recognize(screen: .main, strokes: s.strokes, corrections: [])
        let first = counter.calls
        s.squiggle("more", 24, 420, 160)
        let withMore = TableClassifier(labels: s.labels, wholeLabels: s.wholeLabels, strokes: s.strokes)
        counter.inner.withLock { $0 = withMore }
        _ = try recognizer.recognize(screen: .main, strokes: s.strokes, corrections: [])
        XCTAssertGreaterThan(first, 10)
        XCTAssertEqual(counter.calls - first, 1, "only the new stroke's group is classified")
    }

    func testACancelledTokenStopsRecognition() throws {
        let s = settingsSketch()
        let token = CancellationToken()
        token.cancel()
        XCTAssertTrue(token.isCancelled)
        XCTAssertThrowsError(
            try s.recognizer.recognize(screen: .main, strokes: s.strokes, corrections: [], cancellation: token)
        ) { error in
            XCTAssertTrue(error is CancellationError)
        }
    }

    func testAnEmptyScreenHasNoElementsAndAValidLayout() throws {
        let result = try Sketch().recognize()
        XCTAssertTrue(result.elements.isEmpty)
        XCTAssertTrue(result.readingOrder.isEmpty)
    }

    func testHostileGeometryDoesNotCrash() throws {
        let weird = [
            Stroke(id: "dot", points: [StrokePoint(x: 5, y: 5)]),
            Stroke(id: "far", points: [StrokePoint(x: -90000, y: 90000), StrokePoint(x: 90000, y: -90000)]),
            Stroke(id: "same", points: Array(repeating: StrokePoint(x: 100, y: 100), count: 50)),
        ]
        let recognizer = Recognizer(classifier: TableClassifier(labels: [:], wholeLabels: [:], strokes: weird))
        _ = try recognizer.recognize(screen: .main, strokes: weird, corrections: [])
    }

    func testDetectionsListEveryClassifiedGroup() throws {
        let result = try settingsSketch().recognize()
        XCTAssertFalse(result.detections.isEmpty)
        XCTAssertTrue(result.detections.allSatisfy(\.kept))
    }
}

/// Counts classifier calls (to see what the cache saves).
final class CountingClassifier: GroupClassifying, Sendable {
    let inner: Mutex<TableClassifier>
    private let count = Mutex(0)

    init(inner: TableClassifier) { self.inner = Mutex(inner) }

    var calls: Int { count.withLock { $0 } }

    func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel {
        count.withLock { $0 += 1 }
        return inner.withLock { $0 }.classify(strokes, frame: frame)
    }
}

final class CacheIdentityTests: XCTestCase {
    func testReusedStrokeIDsWithOtherPointsAreNotMistakenForCachedGroups() throws {
        var first = Sketch()
        first.rect("s1", 40, 300, 310, 48)
        var second = Sketch()
        second.squiggle("s1", 40, 300, 200)
        let labels = TableClassifier(labels: ["s1": "rectangle"], wholeLabels: [:], strokes: first.strokes)
        let both = BothClassifier(first: labels, second: second.classifier)
        let shared = Recognizer(classifier: both)
        _ = try shared.recognize(screen: .main, strokes: first.strokes, corrections: [])
        let reused = try shared.recognize(screen: .main, strokes: second.strokes, corrections: [])
        XCTAssertEqual(reused.elements.map(\.type), [.label])
    }
}

/// Answers from whichever table knows the strokes.
struct BothClassifier: GroupClassifying {
    let first: TableClassifier
    let second: TableClassifier

    func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel {
        let a = first.classify(strokes, frame: frame)
        return a.isUnknown ? second.classify(strokes, frame: frame) : a
    }
}
