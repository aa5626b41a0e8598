import SessionModel
import SketchModel

/// Options for the image renders.
public struct ExportOptions: Sendable, Hashable {
    /// Scales of the sketch render (each 1...4).
    public var scales: [Int]
    /// Whether to add the debug overlay of detections (at 2x).
    public var overlay: Bool
    /// Whether to add the wireframe render of the preview (at 2x).
    public var wireframe: Bool
    /// The session's training consent as it stands now, at the head of its log (not at the seq
    /// exported: a consent withdrawn later holds for every earlier seq). A dataset export needs
    /// it; without it, none is made.
    public var presentConsent: Bool

    /// 1x, 2x and 3x, with overlay and wireframe; no consent.
    public static let standard = ExportOptions(scales: [1, 2, 3], overlay: true, wireframe: true)

    public init(scales: [Int], overlay: Bool, wireframe: Bool, presentConsent: Bool = false) {
        self.scales = scales
        self.overlay = overlay
        self.wireframe = wireframe
        self.presentConsent = presentConsent
    }

    /// These options with `presentConsent`.
    public func consenting(_ presentConsent: Bool) -> ExportOptions {
        var options = self
        options.presentConsent = presentConsent
        return options
    }
}

/// Exports a session in every ``ExportFormat``: the daemon's `export` message and
/// `sketchctl export` both come here.
public enum SessionExporter {
    /// One artifact: the single file of a one-file export, otherwise a zip of all files (and
    /// always a zip when `zip` is true).
    public static func export(_ format: ExportFormat, state: SessionState, recognition: SessionRecognition, zip: Bool)
        throws -> ExportArtifact
    {
        try export(format, state: state, recognition: recognition, zip: zip, options: .standard)
    }

    /// ``export(_:state:recognition:zip:)`` with render options; a dataset also needs
    /// `uncorrected`, the session recognised without corrections.
    public static func export(
        _ format: ExportFormat, state: SessionState, recognition: SessionRecognition, zip: Bool, options: ExportOptions,
        uncorrected: SessionRecognition? = nil
    ) throws -> ExportArtifact {
        let files = try self.files(
            format, state: state, recognition: recognition, options: options, uncorrected: uncorrected)
        if !zip, files.count == 1, let only = files.first {
            return ExportArtifact(filename: only.path, mime: mime(of: only.path), data: only.data)
        }
        let suffix = format == .swiftpm ? ".swiftpm" : format == .playground ? ".playground" : "-\(format.rawValue)"
        return ExportArtifact(
            filename: baseName(recognition) + suffix + ".zip", mime: "application/zip",
            data: try ZipWriter.archive(files))
    }

    /// The export's files, paths relative to the export folder (checked with ``ExportPath``). A
    /// dataset compares `recognition` (with people's corrections) with `uncorrected`, the
    /// recognizer's own answer (``DatasetExport``).
    /// - Throws: ``ExportError/noConsent`` for a dataset without the session's present training
    ///   consent (``ExportOptions/presentConsent``), ``ExportError/missingRecognizerAnswer`` for
    ///   one without `uncorrected`, and render errors.
    public static func files(
        _ format: ExportFormat, state: SessionState, recognition: SessionRecognition,
        options: ExportOptions = .standard,
        uncorrected: SessionRecognition? = nil
    ) throws -> [ExportFile] {
        let name = baseName(recognition)
        let files: [ExportFile]
        switch format {
        case .swift:
            files = (SwiftUIGenerator.files(for: recognition) + [SwiftFormatConfiguration.file]).map {
                ExportFile(path: $0.path, text: $0.text)
            }
        case .swiftpm:
            files = AppPackages.swiftPM(recognition, name: name)
        case .playground:
            files = AppPackages.playground(recognition, name: name)
        case .compose:
            files = ComposeGenerator.files(for: recognition).map { ExportFile(path: $0.path, text: $0.text) }
        case .json:
            files = [try JSONExport.file(recognition, name: name)]
        case .png:
            files = try ImageExport.files(state: state, recognition: recognition, options: options)
        case .dataset:
            guard options.presentConsent else { throw ExportError.noConsent }
            guard let uncorrected else { throw ExportError.missingRecognizerAnswer }
            files = try DatasetExport.files(state: state, recognition: recognition, uncorrected: uncorrected)
        }
        for file in files { try ExportPath.check(file.path) }
        return files
    }

    /// The export's base name: the session title as a type name (`Login`), or `Sketch`.
    static func baseName(_ recognition: SessionRecognition) -> String {
        ExportPath.safeName(CodeIdentifier.typeName(recognition.title ?? "", fallback: "Sketch"), fallback: "Sketch")
    }

    static func mime(of path: String) -> String {
        if path.hasSuffix(".json") { return "application/json" }
        if path.hasSuffix(".png") { return "image/png" }
        if path.hasSuffix(".swift") || path.hasSuffix(".kt") { return "text/plain; charset=utf-8" }
        return "application/octet-stream"
    }
}
