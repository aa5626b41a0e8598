import Foundation
import Exporter
import Recognize
import StrokeLog

/// What the daemon needs from the recognizer, the code generator and the exporter.
///
/// This seam keeps the daemon independent of when the `Recognize` facade and the `Exporter`
/// land: `ShippedResultsEngine.swift` implements it over their contract APIs
/// (`Recognizer.shipped()`, `SwiftUIGenerator.files(for:)`, `LineDiff.hunks`,
/// `SessionExporter.export`). Without an engine the daemon still stores, relays and replays
/// strokes, and says `unavailable` for results; it never invents detections or code.
protocol ResultsEngine: AnyObject {
    /// Every screen of the session at `state.lastSeq`; throws `CancellationError` when cancelled.
    func recognize(_ state: SessionState, cancellation: RunCancellation) throws -> SessionRecognition
    /// The generated SwiftUI sources of a recognition.
    func files(for recognition: SessionRecognition) -> [GeneratedFile]
    /// Line hunks turning `old` into `new`.
    func hunks(from old: String, to new: String) -> [DiffHunk]
    /// One export artifact.
    func export(format: String, state: SessionState, recognition: SessionRecognition) throws -> ExportArtifact
}

/// Why an export failed, in wire terms.
struct ExportFailure: Error {
    var error: WireError
}

/// Cancels a recognition run from another thread; the engine polls it between stages.
final class RunCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [() -> Void] = []

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Cancels the run; handlers run once, on the calling thread.
    func cancel() {
        let toRun: [() -> Void] = lock.withLock {
            guard !cancelled else { return [] }
            cancelled = true
            defer { handlers = [] }
            return handlers
        }
        toRun.forEach { $0() }
    }

    /// Runs `handler` on cancellation (at once if already cancelled).
    func onCancel(_ handler: @escaping () -> Void) {
        let runNow: Bool = lock.withLock {
            if cancelled { return true }
            handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }
}

/// Loads the engine once at start-up, so the first stroke pays no warm-up.
enum ResultsEngineLoader {
    /// The shipped engine: the recognizer's model loaded and warmed up.
    static func load() throws -> ResultsEngine {
        try ShippedResultsEngine()
    }
}
