import StrokeLog

// The messages the daemon sends about the connection and the session's log (PROTOCOL.md). Each
// carries its `type` as a field, so it encodes to its whole wire form on its own; `JSONWire`
// sorts keys, so equal messages are equal bytes. ``ServerMessage`` decodes any of them.

/// The protocol version this daemon speaks.
public enum ProtocolVersion {
    /// The `protocol` of `hello` and `welcome`.
    public static let current = 1
    /// The `server` of `welcome`.
    public static let serverName = "sketchd/0.1"
}

/// `welcome`: the answer to a `hello` of the right protocol, with the limits.
public struct WelcomeMessage: Codable, Equatable, Sendable {
    public private(set) var type = "welcome"
    /// The protocol version spoken.
    public private(set) var `protocol` = ProtocolVersion.current
    /// The server's name and version.
    public private(set) var server = ProtocolVersion.serverName
    /// What the server accepts.
    public var limits: AdvertisedLimits

    /// A welcome stating `limits`.
    public init(limits: AdvertisedLimits) { self.limits = limits }
}

/// The limits sent in `welcome`.
public struct AdvertisedLimits: Codable, Equatable, Sendable {
    public var maxMessageBytes: Int
    public var maxPointsPerStroke: Int
    public var maxParticipants: Int
    public var presenceHz: Int
    public var outgoingQueue: Int
    /// Free text, counted in UTF-8 bytes after NFC and in graphemes: `name` (hello; cut to fit),
    /// `title` (and screen names; refused over it) and `text` (textSet; refused over it).
    public var text = [
        "name": AdvertisedTextLimit(TextLimit.participantName),
        "title": AdvertisedTextLimit(TextLimit.title),
        "screenName": AdvertisedTextLimit(TextLimit.title),
        "text": AdvertisedTextLimit(TextLimit.elementText),
    ]
    /// Colours are `#rgb` or `#rrggbb`.
    public var maxColorBytes = 7

    /// The advertised limits; the text and colour limits are the log's.
    public init(
        maxMessageBytes: Int, maxPointsPerStroke: Int, maxParticipants: Int, presenceHz: Int, outgoingQueue: Int
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxPointsPerStroke = maxPointsPerStroke
        self.maxParticipants = maxParticipants
        self.presenceHz = presenceHz
        self.outgoingQueue = outgoingQueue
    }
}

/// One free-text limit as `welcome` states it.
public struct AdvertisedTextLimit: Codable, Equatable, Sendable {
    public var maxBytes: Int
    public var maxGraphemes: Int

    /// The wire form of `limit`.
    public init(_ limit: TextLimit) {
        maxBytes = limit.maxBytes
        maxGraphemes = limit.maxGraphemes
    }
}

/// `error`: the wire form of a ``WireError``.
public struct ErrorMessage: Codable, Equatable, Sendable {
    public private(set) var type = "error"
    public var code: WireError.Code
    public var message: String
    /// The op the error is about.
    public var clientOpId: String?
    /// For retryable errors: when asking again may succeed.
    public var retryAfterMs: Int?
    /// For `protocol_mismatch`: the versions this server speaks.
    public var supported: [Int]?

    /// The message for `error`.
    public init(_ error: WireError) {
        code = error.code
        message = error.message
        clientOpId = error.clientOpId
        retryAfterMs = error.retryAfterMs
        supported = error.code == .protocolMismatch ? [ProtocolVersion.current] : nil
    }
}

/// `sessionCreated`: the new session's id and its two tokens.
public struct SessionCreatedMessage: Codable, Equatable, Sendable {
    public private(set) var type = "sessionCreated"
    public var session: String
    public var editToken: String
    public var viewToken: String

    /// The answer to a `createSession`.
    public init(session: String, editToken: String, viewToken: String) {
        self.session = session
        self.editToken = editToken
        self.viewToken = viewToken
    }
}

/// A participant as others see them.
public struct ParticipantInfo: Codable, Equatable, Sendable {
    public var clientId: String
    public var name: String
    public var color: String
    public var role: SessionCapabilities.Role

    /// A participant.
    public init(clientId: String, name: String, color: String, role: SessionCapabilities.Role) {
        self.clientId = clientId
        self.name = name
        self.color = color
        self.role = role
    }
}

/// `joined`: the first answer to a `join`, before catch-up.
public struct JoinedMessage: Codable, Equatable, Sendable {
    public private(set) var type = "joined"
    public var session: String
    public var role: SessionCapabilities.Role
    /// The session's last seq when the join was admitted.
    public var headSeq: Int64
    /// The joiner's own client id.
    public var you: String
    /// Everyone in the session, the joiner included.
    public var participants: [ParticipantInfo]

    /// The answer to an admitted `join`.
    public init(
        session: String, role: SessionCapabilities.Role, headSeq: Int64, you: String, participants: [ParticipantInfo]
    ) {
        self.session = session
        self.role = role
        self.headSeq = headSeq
        self.you = you
        self.participants = participants
    }
}

/// `participant`: sent to the others of a session when someone joins.
public struct ParticipantMessage: Codable, Equatable, Sendable {
    public private(set) var type = "participant"
    public var clientId: String
    public var name: String
    public var color: String
    public var role: SessionCapabilities.Role

    /// The announcement of `info`.
    public init(_ info: ParticipantInfo) {
        clientId = info.clientId
        name = info.name
        color = info.color
        role = info.role
    }
}

/// `events`: stored records, in seq order (catch-up batches and live broadcasts).
public struct EventsMessage: Codable, Equatable, Sendable {
    public private(set) var type = "events"
    public var records: [EventRecord]

    /// A batch of `records`.
    public init(records: [EventRecord]) { self.records = records }
}

/// `caughtUp`: catch-up reached `seq`, where the server's state hash is `stateHash`.
public struct CaughtUpMessage: Codable, Equatable, Sendable {
    public private(set) var type = "caughtUp"
    public var seq: Int64
    public var stateHash: String

    /// The end of catch-up.
    public init(seq: Int64, stateHash: String) {
        self.seq = seq
        self.stateHash = stateHash
    }
}

/// `ack`: an op was committed (or was a retry of one that was).
public struct AckMessage: Codable, Equatable, Sendable {
    public private(set) var type = "ack"
    public var clientOpId: String
    public var seq: Int64
    /// A retry of an op already stored: `seq` is the original's and there is no `outcome`.
    public var duplicate: Bool
    public var outcome: OutcomeInfo?

    /// The ack of the op `clientOpId`, stored at `seq`.
    public init(clientOpId: String, seq: Int64, duplicate: Bool, outcome: OutcomeInfo?) {
        self.clientOpId = clientOpId
        self.seq = seq
        self.duplicate = duplicate
        self.outcome = outcome
    }
}

/// The wire form of a `FoldOutcome`: `kind` and the fields of that kind.
public struct OutcomeInfo: Codable, Equatable, Sendable {
    /// `applied`, `undid`, `redid`, `nothingToUndo` or `noEffect`.
    public var kind: String
    public var undoneSeq: Int64?
    /// Later actions of others on the strokes an undo brought back or removed.
    public var overlaps: [Int64]?
    public var redoneSeq: Int64?
    /// Why a `noEffect` op changed nothing.
    public var reason: String?

    /// The wire form of `outcome`.
    public init(_ outcome: FoldOutcome) {
        switch outcome {
        case .applied: kind = "applied"
        case .undid(let seq, let overlaps):
            kind = "undid"
            undoneSeq = seq
            self.overlaps = overlaps
        case .redid(let seq):
            kind = "redid"
            redoneSeq = seq
        case .nothingToUndo: kind = "nothingToUndo"
        case .noEffect(let why):
            kind = "noEffect"
            reason = why
        }
    }
}
