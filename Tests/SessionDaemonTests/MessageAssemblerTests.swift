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

final class OutgoingQueueTests: XCTestCase {
    func testBoundedFirstInFirstOut() {
        var queue = OutgoingQueue(capacity: 3, byteCapacity: 1 << 20)
        XCTAssertTrue(queue.push([1]))
        XCTAssertTrue(queue.push([2]))
        XCTAssertTrue(queue.push([3]))
        XCTAssertFalse(queue.push([4]), "full")
        XCTAssertEqual(queue.pop(), [1])
        XCTAssertTrue(queue.push([5]))
        XCTAssertEqual([queue.pop(), queue.pop(), queue.pop(), queue.pop()], [[2], [3], [5], nil])
    }

    func testManyPushesAndPopsKeepOrder() {
        var queue = OutgoingQueue(capacity: 10, byteCapacity: 1 << 20)
        var expected: UInt8 = 0
        for value in 0..<1000 {
            XCTAssertTrue(queue.push([UInt8(value % 256)]))
            if value % 3 != 0 {
                XCTAssertEqual(queue.pop(), [expected])
                expected = expected &+ 1
            }
            if queue.count >= 9 {
                while let item = queue.pop() {
                    XCTAssertEqual(item, [expected])
                    expected = expected &+ 1
                }
            }
        }
    }

    func testBoundedInBytesButOneLargeMessageAlwaysFitsAnEmptyQueue() {
        var queue = OutgoingQueue(capacity: 100, byteCapacity: 10)
        XCTAssertTrue(queue.push([UInt8](repeating: 1, count: 25)), "an export larger than the cap still goes out alone")
        XCTAssertFalse(queue.push([2]), "nothing joins it past the cap")
        XCTAssertEqual(queue.pop()?.count, 25)
        XCTAssertEqual(queue.bytes, 0)
        XCTAssertTrue(queue.push([UInt8](repeating: 3, count: 6)))
        XCTAssertTrue(queue.push([UInt8](repeating: 4, count: 4)))
        XCTAssertFalse(queue.push([5]), "11 bytes would pass the 10-byte cap")
        XCTAssertEqual(queue.bytes, 10)
    }
}

final class TokenBucketTests: XCTestCase {
    func testBurstThenSustainedRate() {
        var bucket = TokenBucket(burst: 3, perSecond: 2, now: 0)
        XCTAssertEqual((0..<4).map { _ in bucket.take(now: 0) }, [true, true, true, false])
        XCTAssertFalse(bucket.take(now: 0.4))
        XCTAssertTrue(bucket.take(now: 0.6), "refilled 0.6 * 2 = 1.2 tokens since the last empty take")
        XCTAssertEqual((0..<4).map { _ in bucket.take(now: 100) }, [true, true, true, false], "never more than the burst")
    }
}
