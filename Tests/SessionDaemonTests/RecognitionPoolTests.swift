import Dispatch
import Foundation
import XCTest
@testable import SessionDaemon

/// The recognition pool: sessions run side by side, one session's jobs never overlap, only a
/// session's newest waiting job runs, and sessions take turns.
final class RecognitionPoolTests: XCTestCase {
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    func testTwoSessionsRunAtOnceOnTwoThreads() {
        let pool = RecognitionPool(threads: 2, niceness: 0)
        let aStarted = DispatchSemaphore(value: 0), releaseA = DispatchSemaphore(value: 0), bDone = DispatchSemaphore(value: 0)
        pool.submit(session: "a") {
            aStarted.signal()
            releaseA.wait()
        }
        XCTAssertEqual(aStarted.wait(timeout: .now() + 10), .success)
        pool.submit(session: "b") { bDone.signal() }
        XCTAssertEqual(bDone.wait(timeout: .now() + 10), .success, "b runs while a's job still holds its thread")
        releaseA.signal()
    }

    func testOnlyTheNewestWaitingJobOfASessionRunsAndNeverBesideItsRunningOne() {
        let pool = RecognitionPool(threads: 2, niceness: 0)
        let log = Log()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        pool.submit(session: "a") {
            log.add("first")
            started.signal()
            release.wait()
            log.add("first done")
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        pool.submit(session: "a") { log.add("stale") }
        pool.submit(session: "a") {
            log.add("newest")
            done.signal()
        }
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.all, ["first", "first done", "newest"])
    }

    func testASessionJustServedWaitsForTheOthers() {
        let pool = RecognitionPool(threads: 1, niceness: 0)
        let log = Log()
        let blocker = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        pool.submit(session: "busy") {
            started.signal()
            blocker.wait()
            log.add("busy 1")
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        pool.submit(session: "busy") {
            log.add("busy 2")
            done.signal()
        }
        pool.submit(session: "quiet") { log.add("quiet") }
        pool.submit(session: "other") { log.add("other") }
        blocker.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.all, ["busy 1", "quiet", "other", "busy 2"])
    }
}
