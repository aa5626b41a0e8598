import StrokeLog

/// A typed protocol error: what the client gets as `{"type": "error", ...}` (PROTOCOL.md).
public struct WireError: Error, Equatable, Sendable {
    /// The stable code from PROTOCOL.md's error table.
    public var code: Code
    /// One line for people.
    public var message: String
    /// The operation the error is about, if any.
    public var clientOpId: String?
    /// For `rate_limited`: when trying again may succeed.
    public var retryAfterMs: Int?

    /// The error codes of PROTOCOL.md.
    public enum Code: String, Codable, CaseIterable, Sendable {
        case protocolMismatch = "protocol_mismatch"
        case notReady = "not_ready"
        case badJSON = "bad_json"
        case messageTooLarge = "message_too_large"
        case tooManyPoints = "too_many_points"
        case invalidNumber = "invalid_number"
        case invalidIdentifier = "invalid_identifier"
        case invalidEvent = "invalid_event"
        case unknownKind = "unknown_kind"
        case unknownLabel = "unknown_label"
        case textTooLong = "text_too_long"
        case readOnly = "read_only"
        case badToken = "bad_token"
        case identityTaken = "identity_taken"
        case rateLimited = "rate_limited"
        case sessionFull = "session_full"
        case sessionsFull = "sessions_full"
        case sessionExists = "session_exists"
        case wrongSession = "wrong_session"
        case historyRewound = "history_rewound"
        case conflictingRetry = "conflicting_retry"
        case noConsent = "no_consent"
        case unavailable = "unavailable"
        case busy = "busy"
        case exportFailed = "export_failed"
        case storageUnavailable = "storage_unavailable"
        case corruptStore = "corrupt_store"
        case internalError = "internal"
    }

    /// An error with this code and message.
    public init(_ code: Code, _ message: String, clientOpId: String? = nil, retryAfterMs: Int? = nil) {
        self.code = code
        self.message = message
        self.clientOpId = clientOpId
        self.retryAfterMs = retryAfterMs
    }

    /// The wire form of a log error (the codes are shared with StrokeLog where they overlap).
    public init(_ error: StrokeLogError, clientOpId: String?) {
        let code: Code
        switch error {
        case .invalidNumber: code = .invalidNumber
        case .invalidIdentifier: code = .invalidIdentifier
        case .tooManyPoints: code = .tooManyPoints
        case .textTooLong: code = .textTooLong
        case .invalidEvent, .malformedInput: code = .invalidEvent
        case .conflictingRetry: code = .conflictingRetry
        case .unknownSession: code = .badToken
        case .storageUnavailable: code = .storageUnavailable
        case .corruptStore: code = .corruptStore
        case .storage: code = .internalError
        }
        // The operator's log has the path and the reason; a client learns only what it means.
        let message = code == .corruptStore ? Self.corruptStoreMessage : error.description
        self.init(
            code, message, clientOpId: clientOpId,
            retryAfterMs: code == .storageUnavailable ? Self.storageRetryAfterMs : nil)
    }

    /// What a client is told about a session file that is not a usable session.
    static let corruptStoreMessage =
        "the session's file is damaged or is not a sketchd session; it is left as it is, for the operator to restore from a backup"

    /// When a client should try again after `storage_unavailable`.
    public static let storageRetryAfterMs = 1_000

    /// The wire form of a failure to open, read or write a session file: `storage_unavailable`
    /// (retryable) unless the file itself is damaged.
    public static func storage(_ error: Error, clientOpId: String? = nil) -> WireError {
        if let error = error as? StrokeLogError, error.code != "storage" {
            return WireError(error, clientOpId: clientOpId)
        }
        return WireError(
            .storageUnavailable, "the session file could not be used: \(error)", clientOpId: clientOpId,
            retryAfterMs: storageRetryAfterMs)
    }
}
