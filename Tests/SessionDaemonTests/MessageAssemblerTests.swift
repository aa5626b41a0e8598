import XCTest

@testable import SessionDaemon

final class MessageAssemblerTests: XCTestCase {
    private func add(_ assembler: inout MessageAssembler, _ text: String, final: Bool) -> MessageAssembler.Piece {
        Array(text.utf8).withUnsafeBytes { assembler.add($0, final: final) }
    }

    func testFragmentsJoinIntoOneMessage() {
        var assembler = MessageAssembler(limit: 100)
        XCTAssertEqual(add(&assembler, "{\"a\":", final: false), .partial)
        XCTAssertEqual(add(&assembler, "1}", final: true), .message(Array("{\"a\":1}".utf8)))
        XCTAssertEqual(add(&assembler, "{}", final: true), .message(Array("{}".utf8)), "the next message starts afresh")
    }

    func testCapIsEnforcedBeforeTheMessageIsComplete() {
        var assembler = MessageAssembler(limit: 10)
        XCTAssertEqual(add(&assembler, "123456", final: false), .partial)
        XCTAssertEqual(add(&assembler, "789012", final: false), .tooLarge(receivedAtLeast: 12, ended: false))
        XCTAssertEqual(add(&assembler, "more", final: false), .partial, "the rest of the oversized message is skipped")
        XCTAssertEqual(add(&assembler, "end", final: true), .endOfSkipped)
        XCTAssertEqual(add(&assembler, "ok", final: true), .message(Array("ok".utf8)))
    }

    func testExactlyTheLimitIsAccepted() {
        var assembler = MessageAssembler(limit: 4)
        XCTAssertEqual(add(&assembler, "abcd", final: true), .message(Array("abcd".utf8)))
    }
}

final class TokenBucketTests: XCTestCase {
    func testBurstThenSustainedRate() {
        var bucket = TokenBucket(burst: 3, perSecond: 2, now: 0)
        XCTAssertEqual((0..<4).map { _ in bucket.take(now: 0) }, [true, true, true, false])
        XCTAssertFalse(bucket.take(now: 0.4))
        XCTAssertTrue(bucket.take(now: 0.6), "refilled 0.6 * 2 = 1.2 tokens since the last empty take")
        XCTAssertEqual(
            (0..<4).map { _ in bucket.take(now: 100) }, [true, true, true, false], "never more than the burst")
    }
}
