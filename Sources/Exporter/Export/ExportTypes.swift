/// The export formats (`sketchctl export --format`, the protocol's `export` message).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The SwiftUI screen files, app entry point and design tokens.
    case swift
    /// A `Name.swiftpm` app package that Swift Playgrounds and Xcode open.
    case swiftpm
    /// A `Name.playground` with a live view.
    case playground
    /// The sketch rendered at 1x/2x/3x, the debug overlay and the wireframe.
    case png
    /// Training data (only with the session's consent).
    case dataset
    /// Jetpack Compose (Kotlin) files.
    case compose
    /// Elements, layout and storyboard as JSON.
    case json
}

/// One exported file: a relative path (always safe, see ``ExportPath``) and its bytes.
public struct ExportFile: Sendable, Hashable {
    public var path: String
    public var data: [UInt8]

    public init(path: String, data: [UInt8]) {
        self.path = path
        self.data = data
    }

    init(path: String, text: String) {
        self.init(path: path, data: Array(text.utf8))
    }
}

/// What an export produces: one file, or a zip for multi-file formats.
public struct ExportArtifact: Sendable {
    public var filename: String
    public var mime: String
    public var data: [UInt8]

    public init(filename: String, mime: String, data: [UInt8]) {
        self.filename = filename
        self.mime = mime
        self.data = data
    }
}

/// Why an export failed.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A dataset export of a session whose participants did not consent to training use.
    case noConsent
    /// A generated path would leave the export folder.
    case unsafePath(String)
    /// A render would exceed the pixel budget.
    case imageTooLarge(width: Int, height: Int)
    /// libpng refused.
    case pngFailed(String)
    /// The archive would exceed the zip format's limits (no zip64).
    case archiveTooLarge
    /// The destination cannot be written.
    case cannotWrite(String)
    /// A number in the recognition cannot be written as JSON (NaN or infinite).
    case invalidNumber(String)
    /// A dataset export was asked for without the recognizer's own answer (recognised without
    /// corrections), which it needs to tell people's labels from the recognizer's.
    case missingRecognizerAnswer

    /// The protocol's error code.
    public var code: String {
        switch self {
        case .noConsent: "no_consent"
        case .unsafePath: "unsafe_path"
        case .imageTooLarge: "image_too_large"
        case .pngFailed: "png_failed"
        case .archiveTooLarge: "archive_too_large"
        case .cannotWrite: "cannot_write"
        case .invalidNumber: "invalid_number"
        case .missingRecognizerAnswer: "missing_recognition"
        }
    }

    public var description: String {
        switch self {
        case .noConsent:
            "this session has no training consent recorded; a dataset export needs the participants' consent (set it in the session's metadata first)"
        case .unsafePath(let path): "refusing the output path '\(path)': it would leave the export folder"
        case .imageTooLarge(let w, let h): "a \(w)x\(h) render exceeds the limit of \(PNGCodec.maxPixels) pixels"
        case .pngFailed(let message): "libpng failed: \(message)"
        case .archiveTooLarge: "the export exceeds the zip format's 4 GiB / 65535 entry limits"
        case .cannotWrite(let message): "cannot write the export: \(message)"
        case .invalidNumber(let message): "the recognition holds a number JSON cannot carry: \(message)"
        case .missingRecognizerAnswer:
            "a dataset export needs the recognizer's own answer (the session recognised without corrections)"
        }
    }
}
