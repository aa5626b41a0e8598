import SessionModel

/// Where a node's sessions live, by name: the data directory of SQLite files
/// (``SessionDirectory``, the default) or a PostgreSQL database (`PostgresSessionCatalog`).
/// The daemon and `sketchctl` open, create, list and read sessions through it, whichever it is.
public protocol SessionCatalog: Sendable {
    /// Where the sessions are, for messages: a directory, or a database without its password.
    var description: String { get }

    /// Whether a session of that name exists (or its name is taken).
    func exists(_ name: String) throws -> Bool

    /// Opens an existing session for writing, folded to its head.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` when there is none of that name,
    ///   ``StrokeLogError/corruptStore(path:reason:)`` when it is not a usable session,
    ///   ``StrokeLogError/storageUnavailable(_:)`` when it cannot be reached.
    func open(_ name: String) throws -> SessionLog

    /// Creates a new, empty session; a creation that fails half-way leaves nothing behind.
    /// - Throws: ``StrokeLogError/storage(_:)`` if it exists already,
    ///   ``StrokeLogError/storageUnavailable(_:)`` when it cannot be written.
    func create(_ name: String) throws -> SessionLog

    /// Opens an existing session for reading only, beside a writer that may hold it: for
    /// catch-up, replays and exports that must not wait behind the writer's commits.
    func openReader(_ name: String) throws -> any SessionStore

    /// The capability digests of session `name`, read without opening it as a session (nothing
    /// folded, nothing kept open): what a join's token is checked against.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` when there is none of that name.
    func digests(of name: String) throws -> SessionCapabilities.Digests

    /// Removes a session that was just created and never used: only for undoing a creation
    /// that failed half-way (its events, if any, stay: the log is append-only).
    func discardNewSession(_ name: String)

    /// The names of the sessions, sorted.
    func sessionNames() throws -> [String]

    /// A summary line per session, sorted by name; sessions that fail to open are skipped.
    func list() throws -> [SessionListing]
}

extension SessionCatalog {
    public func digests(of name: String) throws -> SessionCapabilities.Digests {
        try SessionCapabilities.Digests(from: openReader(name))
    }

    /// The state of session `name` at `seq` (its head when nil), read beside any writer and
    /// folded on from the newest verified checkpoint at or before `seq`.
    public func readState(of name: String, at seq: Int64?) throws -> SessionState {
        try Identifier.check(name, what: "session name")
        return try openReader(name).replay(through: seq ?? .max).state
    }
}

/// A summary line of one session.
public struct SessionListing: Hashable, Sendable, Codable {
    /// The session's name.
    public var name: String
    /// How many events its log holds.
    public var eventCount: Int64
    /// Server time (ms since 1970) of its newest event, if any.
    public var lastChange: Int64?

    /// A listing line.
    public init(name: String, eventCount: Int64, lastChange: Int64?) {
        self.name = name
        self.eventCount = eventCount
        self.lastChange = lastChange
    }
}
