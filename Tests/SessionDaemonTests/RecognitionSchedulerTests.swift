import Dispatch
import Exporter
import Foundation
import Logging
import Recognize
import StrokeLog
import XCTest
@testable import SessionDaemon

/// The scheduler's promise: a newer change cancels the stale run, and a late result of an old
/// run is never delivered. The engine here is a gate the test opens run by run; it ignores
/// cancellation on purpose, like a stage that has not reached its next check yet.
final class RecognitionSchedulerTests: XCTestCase {
    private final class GatedEngine: ResultsEngine, @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var gates: [DispatchSemaphore] = []
        private(set) var cancellations: [CancellationToken] = []

        func gate(_ run: Int) -> DispatchSemaphore {
            lock.withLock {
                while gates.count <= run { gates.append(DispatchSemaphore(value: 0)) }
                return gates[run]
            }
        }

        func recognize(_ state: SessionState, cancellation: CancellationToken) throws -> SessionRecognition {
            let run: Int = lock.withLock {
                cancellations.append(cancellation)
                return cancellations.count - 1
            }
            started.signal()
            gate(run).wait()
            return SessionRecognition(seq: Int64(run), screens: [], links: [], theme: state.theme, title: nil)
        }
        func files(for recognition: SessionRecognition) -> [GeneratedFile] { [] }
        func hunks(from old: String, to new: String) -> [DiffHunk] { [] }
        func export(format: String, state: SessionState, recognition: SessionRecognition) throws -> ExportArtifact {
            ExportArtifact(filename: "", mime: "", data: [])
        }
    }

    func testStaleRunIsCancelledAndItsLateResultDropped() throws {
        let inbox = ServiceInbox(wake: {})
        let engine = GatedEngine()
        let scheduler = RecognitionScheduler(engine: engine, session: "s", inbox: inbox,
                                             pool: RecognitionPool(threads: 1), logger: Logger(label: "test"))
        var delivered: [Int64] = []

        scheduler.changed(SessionState(), published: PublishedResults()) { delivered.append($0.seq) }
        XCTAssertEqual(engine.started.wait(timeout: .now() + 5), .success)
        scheduler.changed(SessionState(), published: PublishedResults()) { delivered.append($0.seq) }
        XCTAssertTrue(engine.cancellations[0].isCancelled, "the newer change cancels the stale run")

        // The old run finishes late anyway: its result must not be delivered.
        engine.gate(0).signal()
        XCTAssertEqual(engine.started.wait(timeout: .now() + 5), .success, "then the newest run starts")
        XCTAssertFalse(engine.cancellations[1].isCancelled)
        inbox.drain()
        XCTAssertEqual(delivered, [])

        engine.gate(1).signal()
        let deadline = Date().addingTimeInterval(5)
        while delivered.isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            inbox.drain()
        }
        XCTAssertEqual(delivered, [1], "only the newest run's result")
    }
}
