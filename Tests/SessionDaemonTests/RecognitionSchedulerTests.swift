import Dispatch
import Exporter
import Foundation
import Logging
import Recognize
import SketchModel
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
        func forgetCachedWork() {}
        func export(format: String, state: SessionState, recognition: SessionRecognition, presentConsent: Bool) throws
            -> ExportArtifact
        {
            ExportArtifact(filename: "", mime: "", data: [])
        }
    }

    /// The test thread plays the lws service thread: it adopts ``ServiceLoop`` and runs its jobs.
    @ServiceLoop private final class Delivered {
        var seqs: [Int64] = []
    }

    func testStaleRunIsCancelledAndItsLateResultDropped() throws {
        ServiceLoop.executor.adoptCurrentThread()
        let engine = GatedEngine()
        let (scheduler, delivered) = ServiceLoop.assumeIsolated {
            (
                RecognitionScheduler(
                    engine: engine, session: "s", pool: RecognitionPool(threads: 1), logger: Logger(label: "test")),
                Delivered()
            )
        }
        ServiceLoop.assumeIsolated {
            scheduler.changed(SessionState(), published: PublishedResults(), withDetections: false) {
                delivered.seqs.append($0.seq)
            }
        }
        XCTAssertEqual(engine.started.wait(timeout: .now() + 5), .success)
        ServiceLoop.assumeIsolated {
            scheduler.changed(SessionState(), published: PublishedResults(), withDetections: false) {
                delivered.seqs.append($0.seq)
            }
        }
        XCTAssertTrue(engine.cancellations[0].isCancelled, "the newer change cancels the stale run")

        // The old run finishes late anyway: its result must not be delivered.
        engine.gate(0).signal()
        XCTAssertEqual(engine.started.wait(timeout: .now() + 5), .success, "then the newest run starts")
        XCTAssertFalse(engine.cancellations[1].isCancelled)
        ServiceLoop.executor.runJobs()
        XCTAssertEqual(ServiceLoop.assumeIsolated { delivered.seqs }, [])

        engine.gate(1).signal()
        let deadline = Date().addingTimeInterval(5)
        while ServiceLoop.assumeIsolated({ delivered.seqs.isEmpty }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            ServiceLoop.executor.runJobs()
        }
        XCTAssertEqual(ServiceLoop.assumeIsolated { delivered.seqs }, [1], "only the newest run's result")
    }
}
