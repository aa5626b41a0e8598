import Exporter
import Recognize
import SessionProtocol
import SketchModel
import StrokeLog

/// The results engine over the shipped recognizer and the exporter (TEAM.md's contracts).
final class ShippedResultsEngine: ResultsEngine {
    private let recognizer: Recognizer

    /// Loads the model and runs it once on an empty session so no stroke pays for warm-up.
    init() throws {
        recognizer = try Recognizer.shipped()
        let warmUp = try recognizer.recognize(session: SessionState(), cancellation: nil)
        _ = SwiftUIGenerator.files(for: warmUp)
    }

    func recognize(_ state: SessionState, cancellation: CancellationToken) throws -> SessionRecognition {
        try recognizer.recognize(session: state, cancellation: cancellation)
    }

    func files(for recognition: SessionRecognition) -> [GeneratedFile] {
        SwiftUIGenerator.files(for: recognition)
    }

    func hunks(from old: String, to new: String) -> [DiffHunk] {
        LineDiff.hunks(from: old, to: new)
    }

    func export(format: String, state: SessionState, recognition: SessionRecognition) throws -> ExportArtifact {
        guard let exportFormat = ExportFormat(rawValue: format) else {
            throw ExportFailure(error: WireError(.invalidEvent, "unknown export format '\(format.prefix(20))'; use one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        // A one-file export (png, json) arrives as that file; several files arrive zipped.
        return try SessionExporter.export(exportFormat, state: state, recognition: recognition, zip: false)
    }
}
