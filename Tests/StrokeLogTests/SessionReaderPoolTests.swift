import Foundation
import StrokeLog
import Synchronization
import XCTest

/// An open session's reader pool: connections are reused, never more than its capacity are open
/// or lent at once, each read sees the newest commit, and closing the pool closes them.
final class SessionReaderPoolTests: XCTestCase {
    private func stroke(_ id: String) -> PendingEvent {
        PendingEvent(
            author: "ana", clientOpID: id,
            payload: .strokeAdded(
                Stroke(id: id, points: [StrokePoint(x: 10, y: 10), StrokePoint(x: 90, y: 10, t: 16)])))
    }

    func testReadsReuseOneConnectionAndSeeEveryCommit() throws {
        let temporary = try TemporaryDirectory()
        let directory = SessionDirectory(root: temporary.path)
        let writer = try directory.create("pooled")
        let pool = SessionReaderPool(path: directory.path(of: "pooled"))
        XCTAssertEqual(pool.openConnections, 0, "nothing is opened before the first read")
        for number in 1...20 {
            _ = try writer.append(stroke("s\(number)"))
            XCTAssertEqual(try pool.events(after: 0, through: .max).count, number, "a read sees the commit before it")
            XCTAssertEqual(try pool.state(at: nil).lastSeq, Int64(number))
        }
        XCTAssertEqual(pool.openConnections, 1, "sequential reads reuse one connection")
        pool.closeKeptConnections()
        XCTAssertEqual(pool.openConnections, 0, "kept connections can be given back")
        XCTAssertEqual(try pool.events(after: 19, through: .max).map(\.seq), [20])
        XCTAssertEqual(pool.openConnections, 1, "and the next read opens one again")
        pool.close()
        XCTAssertEqual(pool.openConnections, 0, "closing the pool closes its connections")
        XCTAssertEqual(
            try pool.events(after: 18, through: .max).map(\.seq), [19, 20], "a read after the close still works")
        XCTAssertEqual(pool.openConnections, 0, "and keeps nothing open")
    }

    func testNoMoreThanCapacityConnectionsAreLentAtOnce() throws {
        let temporary = try TemporaryDirectory()
        let directory = SessionDirectory(root: temporary.path)
        _ = try directory.create("busy").append(stroke("s1"))
        let pool = SessionReaderPool(path: directory.path(of: "busy"), capacity: 2)
        let counts = Mutex((inside: 0, most: 0, finished: 0))
        let release = DispatchSemaphore(value: 0)
        let readers = 6
        for _ in 0..<readers {
            Thread.detachNewThread {
                _ = try? pool.read { store -> Int in
                    counts.withLock {
                        $0.inside += 1
                        $0.most = max($0.most, $0.inside)
                    }
                    release.wait()
                    counts.withLock { $0.inside -= 1 }
                    return 0
                }
                counts.withLock { $0.finished += 1 }
            }
        }
        try waitUntil("two reads hold a connection") { counts.withLock { $0.inside } == 2 }
        for finished in 1...readers {
            release.signal()
            try waitUntil("read \(finished) finished") { counts.withLock { $0.finished } >= finished }
        }
        XCTAssertEqual(counts.withLock { $0.most }, 2, "never more than the capacity at once")
        XCTAssertLessThanOrEqual(pool.openConnections, 2)
    }

    private struct TimedOut: Error { var what: String }

    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else { throw TimedOut(what: what) }
            usleep(1_000)
        }
    }
}
