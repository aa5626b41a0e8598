import Dispatch
import Foundation
import Synchronization
import XCTest

@testable import SessionDaemon

/// The recognition pool: sessions run side by side, one session's jobs never overlap, only a
/// session's newest waiting job runs, and sessions take turns.
final class RecognitionPoolTests: XCTestCase {
    private final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Submits `job` now (the pool takes it before this returns); `outcome` hears how it ended.
    private func submit(
        _ pool: RecognitionPool, session: String, outcome: (@Sendable (Bool) -> Void)? = nil,
        _ job: @escaping @Sendable () -> Void
    ) {
        pool.submit(session: session, job) { result in
            outcome?((try? result.get()) != nil)
        }
    }

    func testTwoSessionsRunAtOnceOnTwoThreads() {
        let pool = RecognitionPool(threads: 2, niceness: 0)
        let aStarted = DispatchSemaphore(value: 0)
        let releaseA = DispatchSemaphore(value: 0)
        let bDone = DispatchSemaphore(value: 0)
        submit(pool, session: "a") {
            aStarted.signal()
            releaseA.wait()
        }
        XCTAssertEqual(aStarted.wait(timeout: .now() + 10), .success)
        submit(pool, session: "b") { bDone.signal() }
        XCTAssertEqual(bDone.wait(timeout: .now() + 10), .success, "b runs while a's job still holds its thread")
        releaseA.signal()
    }

    func testOnlyTheNewestWaitingJobOfASessionRunsAndNeverBesideItsRunningOne() {
        let pool = RecognitionPool(threads: 2, niceness: 0)
        let log = Log()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        submit(pool, session: "a") {
            log.add("first")
            started.signal()
            release.wait()
            log.add("first done")
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        let staleEnded = DispatchSemaphore(value: 0)
        let staleOutcome = Log()
        submit(
            pool, session: "a",
            outcome: { ran in
                staleOutcome.add(ran ? "ran" : "cancelled")
                staleEnded.signal()
            },
            { log.add("stale") })
        submit(pool, session: "a") {
            log.add("newest")
            done.signal()
        }
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.all, ["first", "first done", "newest"])
        XCTAssertEqual(staleEnded.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(staleOutcome.all, ["cancelled"], "the replaced job's caller is told it was cancelled")
    }

    func testASessionJustServedWaitsForTheOthers() {
        let pool = RecognitionPool(threads: 1, niceness: 0)
        let log = Log()
        let blocker = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        submit(pool, session: "busy") {
            started.signal()
            blocker.wait()
            log.add("busy 1")
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        submit(pool, session: "busy") {
            log.add("busy 2")
            done.signal()
        }
        submit(pool, session: "quiet") { log.add("quiet") }
        submit(pool, session: "other") { log.add("other") }
        blocker.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.all, ["busy 1", "quiet", "other", "busy 2"])
    }
}
