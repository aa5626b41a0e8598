import XCTest

@testable import SessionDaemon

final class OutgoingQueueTests: XCTestCase {
    func testBoundedFirstInFirstOut() {
        var queue = OutgoingQueue(capacity: 3, byteCapacity: 1 << 20)
        XCTAssertTrue(queue.push(frame([1])))
        XCTAssertTrue(queue.push(frame([2])))
        XCTAssertTrue(queue.push(frame([3])))
        XCTAssertFalse(queue.push(frame([4])), "full")
        XCTAssertEqual(queue.pop()?.payload, [1])
        XCTAssertTrue(queue.push(frame([5])))
        XCTAssertEqual([queue.pop(), queue.pop(), queue.pop(), queue.pop()].map { $0?.payload }, [[2], [3], [5], nil])
    }

    func testManyPushesAndPopsKeepOrder() {
        var queue = OutgoingQueue(capacity: 10, byteCapacity: 1 << 20)
        var expected: UInt8 = 0
        for value in 0..<1000 {
            XCTAssertTrue(queue.push(frame([UInt8(value % 256)])))
            if value % 3 != 0 {
                XCTAssertEqual(queue.pop()?.payload, [expected])
                expected = expected &+ 1
            }
            if queue.count >= 9 {
                while let item = queue.pop() {
                    XCTAssertEqual(item.payload, [expected])
                    expected = expected &+ 1
                }
            }
        }
    }

    func testBoundedInBytesButOneLargeMessageAlwaysFitsAnEmptyQueue() {
        var queue = OutgoingQueue(capacity: 100, byteCapacity: 10)
        XCTAssertTrue(
            queue.push(frame([UInt8](repeating: 1, count: 25))), "an export larger than the cap still goes out alone")
        XCTAssertFalse(queue.push(frame([2])), "nothing joins it past the cap")
        XCTAssertEqual(queue.pop()?.count, 25)
        XCTAssertEqual(queue.bytes, 0)
        XCTAssertTrue(queue.push(frame([UInt8](repeating: 3, count: 6))))
        XCTAssertTrue(queue.push(frame([UInt8](repeating: 4, count: 4))))
        XCTAssertFalse(queue.push(frame([5])), "11 bytes would pass the 10-byte cap")
        XCTAssertEqual(queue.bytes, 10)
    }

    /// A peer that does not read while results keep coming holds one recognition per screen and
    /// one code, never a backlog that would overflow its queue.
    func testWaitingResultsAreReplacedByNewerOnes() {
        var queue = OutgoingQueue(capacity: 8, byteCapacity: 1 << 20)
        XCTAssertTrue(queue.push(frame([0])), "an event")
        for version in 1...100 {
            let value = UInt8(version)
            XCTAssertTrue(queue.push(frame([1, value], .recognition(screen: "main"))))
            XCTAssertTrue(queue.push(frame([2, value], .recognition(screen: "settings"))))
            XCTAssertTrue(
                queue.push(frame([3, value], .code)) { self.frame([4, value], .code) }, "version \(version)")
        }
        XCTAssertEqual(queue.count, 4)
        XCTAssertEqual(queue.coalesced, 297)
        XCTAssertEqual(queue.bytes, 7)
        let sent = [queue.pop(), queue.pop(), queue.pop(), queue.pop(), queue.pop()].map { $0?.payload }
        XCTAssertEqual(
            sent, [[0], [1, 100], [2, 100], [4, 100], nil], "the newest of each; the full code for diffs")
    }

    func testOnlyWaitingResultsAreReplaced() {
        var queue = OutgoingQueue(capacity: 8, byteCapacity: 1 << 20)
        XCTAssertTrue(queue.push(frame([3, 1], .code)))
        XCTAssertEqual(queue.pop()?.payload, [3, 1])
        XCTAssertTrue(queue.push(frame([3, 2], .code)) { self.frame([4, 2], .code) })
        XCTAssertEqual(queue.pop()?.payload, [3, 2], "the diff goes out as it is: its base has been written")
        for value: UInt8 in 0..<80 {
            XCTAssertTrue(queue.push(frame([value])))
            _ = queue.pop()
        }
        XCTAssertTrue(queue.push(frame([1, 1], .recognition(screen: "main"))))
        XCTAssertTrue(queue.push(frame([9])))
        XCTAssertTrue(queue.push(frame([1, 2], .recognition(screen: "main"))))
        XCTAssertEqual(
            [queue.pop(), queue.pop(), queue.pop()].map { $0?.payload }, [[9], [1, 2], nil],
            "a result stays behind the events before it")
    }

    private func frame(_ payload: [UInt8], _ supersedes: OutgoingFrame.Supersedes? = nil) -> OutgoingFrame {
        OutgoingFrame(payload, supersedes: supersedes)
    }
}
