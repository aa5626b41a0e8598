import Foundation
import XCTest
@testable import StrokeLog

/// The answer cache's two generations: answers survive one flip, the oldest go at the next, and
/// what goes is freed (on a background queue, so the caller that filled the generation does not
/// wait for it).
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
        let deadline = Date().addingTimeInterval(30)
        while first != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertNil(first, "the answer that went was freed")
        XCTAssertNotNil(second, "the answer that moved up stays")
        XCTAssertEqual(answer(3).value, 3)
        XCTAssertEqual(computed, [1, 2, 3, 4], "the older generation is still found")
        XCTAssertEqual(answer(1).value, 1)
        XCTAssertEqual(computed.last, 1, "an answer that went is computed again")
    }
}
