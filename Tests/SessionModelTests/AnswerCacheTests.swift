import Foundation
import XCTest

@testable import SessionModel

/// The answer cache's two generations: answers survive one flip, the oldest go at the next, and
/// what goes is freed by the inserts that follow, one per insert, on the caller's thread.
final class AnswerCacheTests: XCTestCase {
    private final class Answer: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    func testTheOldestGenerationIsFreedAndTheNewerOnesStay() throws {
        let cache = AnswerCache<Int, Answer>(capacity: 2)
        var computed: [Int] = []
        func answer(_ key: Int) -> Answer {
            cache.answer(for: key) {
                computed.append(key)
                return Answer(key)
            }
        }
        weak var first: Answer?
        weak var second: Answer?
        do {
            first = answer(1)
            second = answer(2)
        }
        _ = (answer(3), answer(4))  // 1 and 2 become the older generation, 3 and 4 fill the newer
        XCTAssertEqual(answer(2).value, 2, "an older answer is still found")  // moves up: 3 and 4 become older, 1 goes
        XCTAssertEqual(computed, [1, 2, 3, 4])
        XCTAssertNil(first, "the answer that went was freed by the insert that let it go")
        XCTAssertNotNil(second, "the answer that moved up stays")
        XCTAssertEqual(answer(3).value, 3)
        XCTAssertEqual(computed, [1, 2, 3, 4], "the older generation is still found")
        XCTAssertEqual(answer(1).value, 1)
        XCTAssertEqual(computed.last, 1, "an answer that went is computed again")
    }

    func testAGenerationThatGoesIsFreedOneAnswerPerInsert() throws {
        let capacity = 10
        let cache = AnswerCache<Int, Answer>(capacity: capacity)
        var watched: [() -> Bool] = []  // whether each of the first generation's answers is still alive
        for key in 0..<capacity {
            weak var kept: Answer?
            do { kept = cache.answer(for: key) { Answer(key) } }
            watched.append { kept != nil }
        }
        for key in capacity..<(2 * capacity) { _ = cache.answer(for: key) { Answer(key) } }
        XCTAssertEqual(watched.filter { $0() }.count, capacity, "two generations are kept whole")
        var alive: [Int] = []
        for key in (2 * capacity)..<(3 * capacity) {
            _ = cache.answer(for: key) { Answer(key) }
            alive.append(watched.filter { $0() }.count)
        }
        XCTAssertEqual(
            alive, Array((0..<capacity).reversed()),
            "each insert frees one answer of the generation that went, the first insert too")
        XCTAssertEqual(alive.last, 0, "the generation is freed before the next one goes")
        XCTAssertEqual(cache.count, 2 * capacity)
    }
}
