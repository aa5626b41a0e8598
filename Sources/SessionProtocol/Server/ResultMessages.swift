import SketchModel
import StrokeLog

// The derived results the daemon sends (PROTOCOL.md, "Results" and "Replay and export"): never
// stored, computed from the log at a seq.

/// `recognition`: one screen's recognised elements at `seq`, with what the code shows for them.
public struct RecognitionMessage: Codable, Equatable, Sendable {
    public private(set) var type = "recognition"
    public var screen: String
    public var seq: Int64
    public var elements: [Element]
    /// Every raw detection, kept or not, for the debug view. The daemon sends them only to a
    /// connection that asked with `watchDetections`; nil in a message without them.
    public var detections: [Detection]?
    public var layout: LayoutNode
    public var readingOrder: [String]
    /// What the generated code shows per element id (Exporter's `BlueprintPreview` computes it);
    /// the web preview draws these strings, controls and colours.
    public var preview: [String: ElementPreview]

    /// The message of one screen's result.
    public init(_ result: ScreenRecognition, seq: Int64, preview: [String: ElementPreview]) {
        screen = result.screen.id
        self.seq = seq
        elements = result.elements
        detections = result.detections
        layout = result.layout
        readingOrder = result.readingOrder
        self.preview = preview
    }

    /// One message per screen of a session's recognition, with `previews` (per screen id, per
    /// element id: what the caller's blueprint shows, Exporter's `BlueprintPreview`); a screen
    /// without previews gets none.
    public static func all(
        _ recognition: SessionRecognition, seq: Int64, previews: [String: [String: ElementPreview]]
    ) -> [RecognitionMessage] {
        recognition.screens.map { RecognitionMessage($0, seq: seq, preview: previews[$0.screen.id] ?? [:]) }
    }
}

/// `code`: every generated file in full, at `version`.
public struct CodeMessage: Codable, Equatable, Sendable {
    public private(set) var type = "code"
    public var seq: Int64
    public var version: Int
    /// The files' paths and texts (element lines travel in `sourceMap`).
    public var files: [GeneratedFile]
    public var sourceMap: SourceMap

    /// The full code of `files`, with their map (`SourceMap(files)`, built here unless given).
    public init(seq: Int64, version: Int, files: [GeneratedFile], sourceMap: SourceMap? = nil) {
        self.seq = seq
        self.version = version
        self.files = files
        self.sourceMap = sourceMap ?? SourceMap(files)
    }
}

/// `codeDiff`: what changed from `baseVersion` to `version`.
public struct CodeDiffMessage: Codable, Equatable, Sendable {
    public private(set) var type = "codeDiff"
    public var seq: Int64
    public var version: Int
    public var baseVersion: Int
    public var files: [FileChange]
    /// The whole map of the new version (not a diff of it).
    public var sourceMap: SourceMap

    /// One file's change: hunks, a deletion, or a whole new file.
    public struct FileChange: Codable, Equatable, Sendable {
        public var path: String
        public var hunks: [DiffHunk]?
        public var deleted: Bool?
        public var text: String?

        /// A change of the file at `path`.
        public init(path: String, hunks: [DiffHunk]? = nil, deleted: Bool? = nil, text: String? = nil) {
            self.path = path
            self.hunks = hunks
            self.deleted = deleted
            self.text = text
        }
    }

    /// The diff from `baseVersion` to `version`.
    public init(seq: Int64, version: Int, baseVersion: Int, files: [FileChange], sourceMap: SourceMap) {
        self.seq = seq
        self.version = version
        self.baseVersion = baseVersion
        self.files = files
        self.sourceMap = sourceMap
    }
}

/// `replayState`: the session as it was at `seq`.
public struct ReplayStateMessage: Codable, Equatable, Sendable {
    public private(set) var type = "replayState"
    public var seq: Int64
    public var strokes: [Stroke]
    public var screens: [Screen]
    public var recognition: [RecognitionMessage]?
    public var files: [GeneratedFile]?

    /// The state at `seq`; recognition and files are added when there are any.
    public init(
        seq: Int64, strokes: [Stroke], screens: [Screen], recognition: [RecognitionMessage]? = nil,
        files: [GeneratedFile]? = nil
    ) {
        self.seq = seq
        self.strokes = strokes
        self.screens = screens
        self.recognition = recognition
        self.files = files
    }
}

/// `exportResult`: one exported file, base64-encoded.
public struct ExportResultMessage: Codable, Equatable, Sendable {
    public private(set) var type = "exportResult"
    public var format: String
    public var filename: String
    public var mime: String
    public var base64: String

    /// An export's file.
    public init(format: String, filename: String, mime: String, base64: String) {
        self.format = format
        self.filename = filename
        self.mime = mime
        self.base64 = base64
    }
}
