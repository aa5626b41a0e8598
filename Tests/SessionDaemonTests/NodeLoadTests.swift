import XCTest

@testable import SessionDaemon

/// PROTOCOL.md "Capacity": a node is full on sustained signs, not on one slow ack.
final class NodeLoadTests: XCTestCase {
    /// A CPU capacity no test process reaches, so only the ack and commit signs count.
    private func load() -> NodeLoad { NodeLoad(cpuCapacity: 1_000, maxAckDelay: 0.25) }

    func testOneSlowAckInAWindowDoesNotFillTheNode() {
        var load = load()
        load.sample(now: 0, oldestOpAwaitingCommit: nil)
        for _ in 0..<9 { load.noteAck(delay: 0.01) }
        load.noteAck(delay: 0.9)  // one slow fsync
        load.sample(now: 2, oldestOpAwaitingCommit: nil)
        XCTAssertFalse(load.isFull(now: 2.1))
    }

    func testMostAcksOfAWindowLateFillTheNodeForTheNextWindow() {
        var load = load()
        load.sample(now: 0, oldestOpAwaitingCommit: nil)
        for _ in 0..<4 { load.noteAck(delay: 0.3) }
        load.noteAck(delay: 0.01)
        load.sample(now: 2, oldestOpAwaitingCommit: nil)
        XCTAssertTrue(load.isFull(now: 2.1))
        XCTAssertEqual(load.retryAfterMilliseconds(now: 3), 1_001)
        load.sample(now: 4, oldestOpAwaitingCommit: nil)  // a quiet window
        XCTAssertFalse(load.isFull(now: 4.1), "full no longer once a window passed under the limits")
    }

    func testACommitStalledAWholeWindowFillsTheNodeAtOnce() {
        var load = load()
        load.sample(now: 0, oldestOpAwaitingCommit: nil)
        load.sample(now: 1.0, oldestOpAwaitingCommit: 0.5)
        XCTAssertFalse(load.isFull(now: 1.0), "half a second waiting for a commit is one slow fsync")
        load.sample(now: 2.6, oldestOpAwaitingCommit: 0.5)
        XCTAssertTrue(load.isFull(now: 2.6))
    }
}
