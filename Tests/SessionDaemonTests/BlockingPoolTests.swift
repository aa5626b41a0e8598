import Dispatch
import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

@testable import SessionDaemon

/// The pool for blocking work: at most `threads` jobs at once, at most `queueCapacity` waiting,
/// and a job past that is refused at once with `Busy` instead of waiting without end.
final class BlockingPoolTests: XCTestCase {
    private struct Counts {
        var running = 0, most = 0, done = 0, refused = 0
    }

    /// Submits `job` now (the pool takes or refuses it before this returns; the count of a
    /// refusal follows).
    private func submit(_ pool: BlockingPool, _ counts: Locked<Counts>, _ job: @escaping @Sendable () -> Void) {
        Task.immediate {
            do {
                try await pool.run {
                    counts.update {
                        $0.running += 1
                        $0.most = max($0.most, $0.running)
                    }
                    job()
                    counts.update { $0.running -= 1 }
                }
                counts.update { $0.done += 1 }
            } catch is BlockingPool.Busy {
                counts.update { $0.refused += 1 }
            } catch {
                XCTFail("unexpected \(error)")
            }
        }
    }

    func testAFullQueueIsRefusedAtOnceAndTheRestRun() {
        let pool = BlockingPool(threads: 2, queueCapacity: 3)
        let counts = Locked(Counts())
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<5 { submit(pool, counts) { release.wait() } }
        XCTAssertTrue(counts.wait(until: { $0.running == 2 }, timeout: 30), "two jobs run")
        submit(pool, counts) { release.wait() }
        submit(pool, counts) { release.wait() }
        XCTAssertTrue(
            counts.wait(until: { $0.refused == 2 }, timeout: 30),
            "2 running and 3 waiting: the 6th and 7th are refused without waiting for a slot")
        for _ in 0..<5 { release.signal() }
        XCTAssertTrue(counts.wait(until: { $0.done == 5 }, timeout: 30), "the five admitted jobs ran")
        XCTAssertEqual(counts.value.most, 2, "never more than two at once")
        submit(pool, counts) {}
        XCTAssertTrue(counts.wait(until: { $0.done == 6 }, timeout: 30), "a job after the queue drained runs")
    }

    func testIdleThreadsTakeJobsEvenWithNoQueue() {
        let pool = BlockingPool(threads: 1, queueCapacity: 0)
        let counts = Locked(Counts())
        submit(pool, counts) {}
        XCTAssertTrue(counts.wait(until: { $0.done == 1 }, timeout: 30), "the job ran")
        XCTAssertEqual(counts.value.refused, 0)
    }

    func testTheBusyAnswerIsTypedAndRetryable() {
        let error = WireError.busy("the token check")
        XCTAssertEqual(error.code, .busy)
        XCTAssertNotNil(error.retryAfterMs)
    }
}
