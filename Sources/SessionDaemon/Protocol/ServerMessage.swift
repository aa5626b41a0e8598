import Exporter
import Recognize
import SessionProtocol
import StrokeLog

// The messages the daemon sends (PROTOCOL.md). Each encodes with its `type` first-class field;
// `JSONWire.encode` sorts keys, so equal messages are equal bytes.

struct WelcomeMessage: Encodable {
    let type = "welcome"
    let `protocol` = ProtocolVersion.current
    let server = ProtocolVersion.serverName
    var limits: AdvertisedLimits
}

/// The limits sent in `welcome`.
struct AdvertisedLimits: Encodable {
    var maxMessageBytes: Int
    var maxPointsPerStroke: Int
    var maxParticipants: Int
    var presenceHz: Int
    var outgoingQueue: Int
    /// Free text, counted in UTF-8 bytes after NFC and in graphemes: `name` (hello; cut to fit),
    /// `title` (and screen names; refused over it) and `text` (textSet; refused over it).
    var text = [
        "name": AdvertisedTextLimit(TextLimit.participantName),
        "title": AdvertisedTextLimit(TextLimit.title),
        "screenName": AdvertisedTextLimit(TextLimit.title),
        "text": AdvertisedTextLimit(TextLimit.elementText),
    ]
    /// Colours are `#rgb` or `#rrggbb`.
    var maxColorBytes = 7
}

/// One free-text limit as `welcome` states it.
struct AdvertisedTextLimit: Encodable {
    var maxBytes: Int
    var maxGraphemes: Int
    init(_ limit: TextLimit) {
        maxBytes = limit.maxBytes
        maxGraphemes = limit.maxGraphemes
    }
}

struct ErrorMessage: Encodable {
    let type = "error"
    var code: WireError.Code
    var message: String
    var clientOpId: String?
    var retryAfterMs: Int?
    var supported: [Int]?

    init(_ error: WireError) {
        code = error.code
        message = error.message
        clientOpId = error.clientOpId
        retryAfterMs = error.retryAfterMs
        supported = error.code == .protocolMismatch ? [ProtocolVersion.current] : nil
    }
}

struct SessionCreatedMessage: Encodable {
    let type = "sessionCreated"
    var session: String
    var editToken: String
    var viewToken: String
}

/// A participant as others see them.
struct ParticipantInfo: Encodable, Equatable {
    var clientId: String
    var name: String
    var color: String
    var role: SessionCapabilities.Role
}

struct JoinedMessage: Encodable {
    let type = "joined"
    var session: String
    var role: SessionCapabilities.Role
    var headSeq: Int64
    var you: String
    var participants: [ParticipantInfo]
}

/// Sent to the others of a session when someone joins.
struct ParticipantMessage: Encodable {
    let type = "participant"
    var clientId: String
    var name: String
    var color: String
    var role: SessionCapabilities.Role

    init(_ info: ParticipantInfo) {
        clientId = info.clientId
        name = info.name
        color = info.color
        role = info.role
    }
}

struct EventsMessage: Encodable {
    let type = "events"
    var records: [EventRecord]
}

struct CaughtUpMessage: Encodable {
    let type = "caughtUp"
    var seq: Int64
    var stateHash: String
}

struct AckMessage: Encodable {
    let type = "ack"
    var clientOpId: String
    var seq: Int64
    var duplicate: Bool
    var outcome: OutcomeInfo?
}

/// The wire form of a `FoldOutcome`.
struct OutcomeInfo: Encodable {
    var kind: String
    var undoneSeq: Int64?
    var overlaps: [Int64]?
    var redoneSeq: Int64?
    var reason: String?

    init(_ outcome: FoldOutcome) {
        switch outcome {
        case .applied: kind = "applied"
        case .undid(let seq, let overlaps): kind = "undid"; undoneSeq = seq; self.overlaps = overlaps
        case .redid(let seq): kind = "redid"; redoneSeq = seq
        case .nothingToUndo: kind = "nothingToUndo"
        case .noEffect(let why): kind = "noEffect"; reason = why
        }
    }
}

struct InkRelayMessage: Encodable {
    let type = "ink"
    var from: String
    var strokeId: String
    var screen: String
    var points: [[Double]]
    var color: String?
    var width: Double?
}

struct PresenceRelayMessage: Encodable {
    let type = "presence"
    var clientId: String
    var name: String
    var color: String
    var screen: String
    var x: Double
    var y: Double
}

struct LeftMessage: Encodable {
    let type = "left"
    var clientId: String
}

struct RecognitionMessage: Encodable, Equatable {
    let type = "recognition"
    var screen: String
    var seq: Int64
    var elements: [Element]
    var detections: [Detection]
    var layout: LayoutNode
    var readingOrder: [String]
    /// What the generated code shows per element id (``BlueprintPreview``); the web preview draws
    /// these strings, controls and colours.
    var preview: [String: ElementPreview]

    init(_ result: ScreenRecognition, seq: Int64, preview: [String: ElementPreview]) {
        screen = result.screen.id
        self.seq = seq
        elements = result.elements
        detections = result.detections
        layout = result.layout
        readingOrder = result.readingOrder
        self.preview = preview
    }

    /// One message per screen of a session's recognition, with the blueprint's previews (built
    /// here unless given).
    static func all(_ recognition: SessionRecognition, seq: Int64, previews: [String: [String: ElementPreview]]? = nil) -> [RecognitionMessage] {
        let previews = previews ?? BlueprintPreview.elements(for: recognition)
        return recognition.screens.map { RecognitionMessage($0, seq: seq, preview: previews[$0.screen.id] ?? [:]) }
    }
}

struct CodeMessage: Encodable {
    let type = "code"
    var seq: Int64
    var version: Int
    var files: [GeneratedFile]
    var sourceMap: SourceMap

    init(seq: Int64, version: Int, files: [GeneratedFile]) {
        self.seq = seq
        self.version = version
        self.files = files
        sourceMap = SourceMap(files)
    }
}

struct CodeDiffMessage: Encodable {
    let type = "codeDiff"
    var seq: Int64
    var version: Int
    var baseVersion: Int
    var files: [FileChange]
    /// The whole map of the new version (not a diff of it).
    var sourceMap: SourceMap

    /// One file's change: hunks, a deletion, or a whole new file.
    struct FileChange: Encodable, Equatable {
        var path: String
        var hunks: [DiffHunk]?
        var deleted: Bool?
        var text: String?
    }
}

struct ReplayStateMessage: Encodable {
    let type = "replayState"
    var seq: Int64
    var strokes: [Stroke]
    var screens: [Screen]
    var recognition: [RecognitionMessage]?
    var files: [GeneratedFile]?
}

struct ExportResultMessage: Encodable {
    let type = "exportResult"
    var format: String
    var filename: String
    var mime: String
    var base64: String
}

/// The protocol version this daemon speaks.
enum ProtocolVersion {
    static let current = 1
    static let serverName = "sketchd/0.1"
}
