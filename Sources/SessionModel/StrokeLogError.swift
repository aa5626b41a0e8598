/// Everything that can go wrong in the log, each with a stable machine-readable ``code``.
public enum StrokeLogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number was NaN, infinite or out of range.
    case invalidNumber(String)
    /// An id did not follow ``Identifier``'s rules.
    case invalidIdentifier(what: String, value: String)
    /// A stroke had more than ``Stroke/maxPoints`` points.
    case tooManyPoints(count: Int, limit: Int)
    /// The event is malformed in some other way.
    case invalidEvent(String)
    /// A free text over its ``TextLimit`` (`graphemes` is nil when the bytes alone were too many).
    case textTooLong(what: String, bytes: Int, graphemes: Int?, limit: TextLimit)
    /// The input could not be parsed as JSON of the expected shape.
    case malformedInput(String)
    /// No session of that name exists.
    case unknownSession(String)
    /// The file exists but is not a sketchd session, or fails its integrity check.
    case corruptStore(path: String, reason: String)
    /// The store refused an operation (SQLite's message).
    case storage(String)
    /// The file could not be opened, read or written for a reason outside it (permissions, no
    /// descriptors left, a full disk, an I/O error): trying again later may succeed.
    case storageUnavailable(String)
    /// The same (author, clientOpID) was reused for a different operation.
    case conflictingRetry(clientOpID: String, originalSeq: Int64)

    /// Stable code for clients and scripts.
    public var code: String {
        switch self {
        case .invalidNumber: "invalid_number"
        case .invalidIdentifier: "invalid_identifier"
        case .tooManyPoints: "too_many_points"
        case .invalidEvent: "invalid_event"
        case .textTooLong: "text_too_long"
        case .malformedInput: "malformed_input"
        case .unknownSession: "unknown_session"
        case .corruptStore: "corrupt_store"
        case .storage: "storage"
        case .storageUnavailable: "storage_unavailable"
        case .conflictingRetry: "conflicting_retry"
        }
    }

    /// One line for people.
    public var description: String {
        switch self {
        case .invalidNumber(let why): "invalid number: \(why)"
        case .invalidIdentifier(let what, let value): "invalid \(what) '\(value)': use 1-64 of A-Z a-z 0-9 _ . : -"
        case .tooManyPoints(let count, let limit): "a stroke has \(count) points; the limit is \(limit)"
        case .invalidEvent(let why): "invalid event: \(why)"
        case .textTooLong(let what, let bytes, let graphemes, let limit):
            "\(what) has \(bytes) UTF-8 bytes\(graphemes.map { " and \($0) characters" } ?? ""); the limit is \(limit.maxBytes) bytes and \(limit.maxGraphemes) characters (after NFC)"
        case .malformedInput(let why): "malformed input: \(why)"
        case .unknownSession(let name): "unknown session '\(name)'"
        case .corruptStore(let path, let reason): "\(path) is not a usable sketchd session: \(reason)"
        case .storage(let why): "storage error: \(why)"
        case .storageUnavailable(let why): "storage unavailable: \(why)"
        case .conflictingRetry(let op, let seq):
            "operation id '\(op)' was already used for a different operation (seq \(seq))"
        }
    }
}
