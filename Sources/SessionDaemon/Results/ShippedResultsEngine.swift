import Exporter
import Recognize
import SessionProtocol
import SketchModel
import StrokeLog

/// The results engine over the shipped recognizer and the exporter.
///
/// Incremental across results: the recognizer keeps what earlier recognitions worked out, and
/// the code of a result comes from one blueprint whose unchanged parts reuse the files generated
/// before (``SwiftUIFileCache``), so one more stroke generates the one file it changes.
final class ShippedResultsEngine: ResultsEngine {
    private let recognizer: Recognizer
    private let generatedFiles = SwiftUIFileCache()

    /// Loads `models` and runs them once on an empty session so no stroke pays for warm-up.
    init(models: RecognizerModels = .shipped) throws {
        recognizer = try Recognizer.loading(models)
        let warmUp = try recognizer.recognize(session: SessionState(), cancellation: nil)
        _ = SwiftUIGenerator.files(for: warmUp)
    }

    func recognize(_ state: SessionState, cancellation: CancellationToken) throws -> SessionRecognition {
        try recognizer.recognize(session: state, cancellation: cancellation)
    }

    func files(for recognition: SessionRecognition) -> [GeneratedFile] {
        SessionBlueprint(recognition).swiftUIFiles(reusing: generatedFiles)
    }

    func code(for recognition: SessionRecognition) -> ResultCode {
        let blueprint = SessionBlueprint(recognition)
        return ResultCode(files: blueprint.swiftUIFiles(reusing: generatedFiles), previews: blueprint.previews)
    }

    func forgetCachedWork() {
        recognizer.forgetCachedWork()
        generatedFiles.removeAll()
    }

    func hunks(from old: String, to new: String) -> [DiffHunk] {
        LineDiff.hunks(from: old, to: new)
    }

    func export(format: String, state: SessionState, recognition: SessionRecognition, presentConsent: Bool) throws
        -> ExportArtifact
    {
        guard let exportFormat = ExportFormat(rawValue: format) else {
            throw ExportFailure(
                error: WireError(
                    .invalidEvent,
                    "unknown export format '\(format.prefix(20))'; use one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
                ))
        }
        // A one-file export (png, json) arrives as that file; several files arrive zipped.
        // A dataset tells people's labels from the recognizer's own answer.
        let uncorrected =
            exportFormat == .dataset ? try recognizer.recognize(session: state, applyingCorrections: false) : nil
        return try SessionExporter.export(
            exportFormat, state: state, recognition: recognition, zip: false,
            options: ExportOptions.standard.consenting(presentConsent),
            uncorrected: uncorrected)
    }
}
