import Exporter
import Foundation
import Recognize
import SessionProtocol
import SketchModel
import StrokeLog

/// What the daemon needs from the recognizer, the code generator and the exporter.
///
/// `ShippedResultsEngine` implements it over `Recognizer.shipped()`, `SwiftUIGenerator`,
/// `LineDiff` and `SessionExporter`; tests put a gated engine in its place.
protocol ResultsEngine: AnyObject, Sendable {
    /// Every screen of the session at `state.lastSeq`; throws `CancellationError` when cancelled.
    func recognize(_ state: SessionState, cancellation: CancellationToken) throws -> SessionRecognition
    /// The generated SwiftUI sources of a recognition.
    func files(for recognition: SessionRecognition) -> [GeneratedFile]
    /// The generated SwiftUI sources and the element previews of a recognition, from one blueprint.
    func code(for recognition: SessionRecognition) -> ResultCode
    /// Line hunks turning `old` into `new`.
    func hunks(from old: String, to new: String) -> [DiffHunk]
    /// One export artifact; `presentConsent` is the session's training consent at its head.
    func export(format: String, state: SessionState, recognition: SessionRecognition, presentConsent: Bool) throws
        -> ExportArtifact
    /// Forgets work kept for later results (called when no session is open, so a burst of
    /// sessions leaves no memory behind); results stay the same.
    func forgetCachedWork()
}

/// What a result publishes besides the recognition: the code and what it shows per element.
struct ResultCode: Sendable {
    /// The generated SwiftUI sources, sorted by path.
    var files: [GeneratedFile]
    /// Per screen id, per element id (``BlueprintPreview``).
    var previews: [String: [String: ElementPreview]]
}

extension ResultsEngine {
    /// Files and previews each from their own blueprint; the shipped engine builds one.
    func code(for recognition: SessionRecognition) -> ResultCode {
        ResultCode(files: files(for: recognition), previews: BlueprintPreview.elements(for: recognition))
    }
}

/// Why an export failed, in wire terms.
struct ExportFailure: Error {
    var error: WireError
}

/// Loads the engine once at start-up, so the first stroke pays no warm-up.
enum ResultsEngineLoader {
    /// The engine over `models` (the shipped ones by default), loaded, checked and warmed up.
    static func load(_ models: RecognizerModels = .shipped) throws -> ResultsEngine {
        try ShippedResultsEngine(models: models)
    }
}
