import Foundation
import SessionModel

/// The append-only event log of one session, in one SQLite file.
///
/// Durability: the file is in WAL mode with `synchronous = FULL`, so ``append(now:choosing:)``
/// returns only after the commit is in the WAL and the WAL is fsynced. An appended event
/// survives `kill -9` of the process and a power cut. Appending a batch costs one commit.
///
/// Not thread-safe: confine an `EventStore` to one thread or serial queue.
public final class EventStore: SessionStore {
    /// The session file.
    public let path: String
    /// The session file (``SessionStore/location``).
    public var location: String { path }
    /// The seq of the newest stored event (0 when empty).
    public internal(set) var lastSeq: Int64

    /// When ``append(now:choosing:)`` stores checkpoints and which it keeps.
    public var checkpointPolicy = CheckpointPolicy.standard
    /// Whether this connection may write (false for ``init(readingExisting:)``).
    public let isWritable: Bool
    /// The file's layout version (`PRAGMA user_version`); 1 has no `checkpoints` table.
    public let layoutVersion: Int64
    /// Whether the file has the `checkpoints` table (a writer's open adds it when it is missing).
    let hasCheckpointTable: Bool

    let db: SQLiteConnection
    let insert: SQLiteStatement
    private let findOp: SQLiteStatement
    /// `PRAGMA data_version` when last looked at: it changes when another connection commits.
    private var dataVersion: Int64 = 0
    /// While an append's transaction is open: what each (author, client op id) looked up in it
    /// is, so the insert reuses the check's lookup instead of querying again.
    var lookedUp: [String: EventRecord?]?

    /// Opens an existing session file, checking that it is one of ours and intact.
    /// - Throws: ``StrokeLogError/corruptStore(path:reason:)`` for foreign or damaged files; the
    ///   file is left untouched, and so is its `-wal` if it had one (see
    ///   ``SQLiteConnection/leaveFilesAsFoundOnClose()``).
    public convenience init(openingExisting path: String) throws {
        let db = try SessionFile.opening(path) {
            let db = try SQLiteConnection(path: path, create: false)
            do {
                try Self.checkIdentity(db)
                try Self.migrate(db)
            } catch {
                db.leaveFilesAsFoundOnClose()
                throw error
            }
            return db
        }
        try self.init(db: db)
    }

    /// Opens an existing session file for reading only, beside a writer that may hold it: no
    /// integrity scan (the writer's open did that), nothing created or written. For replays and
    /// exports that must not wait behind the writer's commits.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` for a missing file,
    ///   ``StrokeLogError/corruptStore(path:reason:)`` for one that is not a session.
    public convenience init(readingExisting path: String) throws {
        let db = try SessionFile.opening(path) {
            let db = try SQLiteConnection(path: path, create: false, readOnly: true)
            try Self.checkIdentity(db, scan: false)
            return db
        }
        try self.init(db: db, writable: false)
    }

    /// Creates a new, empty session file at `path`; fails if anything exists there.
    public convenience init(creating path: String) throws {
        guard !SessionFile.isTaken(path) else {
            throw StrokeLogError.storage("\(path) already exists")
        }
        let db = try SQLiteConnection(path: path, create: true)
        try db.execute("PRAGMA journal_mode = WAL")
        try db.transaction { try db.execute(EventStoreSchema.create) }
        try self.init(db: db)
    }

    private init(db: SQLiteConnection, writable: Bool = true) throws {
        self.db = db
        self.path = db.path
        isWritable = writable
        layoutVersion = try db.scalarInt("PRAGMA user_version") ?? 0
        hasCheckpointTable = try Self.hasCheckpointTable(db)
        if writable { try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON") }
        insert = try db.prepare(
            "INSERT INTO events (seq, author, client_op_id, kind, payload, server_time) VALUES (?, ?, ?, ?, ?, ?)")
        findOp = try db.prepare("SELECT seq, server_time, payload FROM events WHERE author = ? AND client_op_id = ?")
        lastSeq = try Self.headSeq(db)
        dataVersion = try db.scalarInt("PRAGMA data_version") ?? 0
    }

    static func headSeq(_ db: SQLiteConnection) throws -> Int64 {
        try db.scalarIntKept("SELECT IFNULL(MAX(seq), 0) FROM events") ?? 0
    }

    /// Whether another connection (`sketchctl import`, `meta` or `share` while a daemon holds
    /// the session) committed to the file since the last call; cheap enough to ask often.
    public func changedElsewhere() throws -> Bool {
        let version = try db.scalarIntKept("PRAGMA data_version") ?? 0
        defer { dataVersion = version }
        return version != dataVersion
    }

    /// The events another process appended after ``lastSeq``, adopting the new head.
    public func takeEventsAppendedElsewhere() throws -> [EventRecord] {
        let records = try events(after: lastSeq)
        if let last = records.last { lastSeq = last.seq }
        return records
    }

    private static func checkIdentity(_ db: SQLiteConnection, scan: Bool = true) throws {
        let appID: Int64
        do {
            appID = try db.scalarInt("PRAGMA application_id") ?? 0
        } catch let error as StrokeLogError where error.code == "storage_unavailable" {
            throw error
        } catch {
            throw StrokeLogError.corruptStore(path: db.path, reason: "not an SQLite database")
        }
        guard appID == EventStoreSchema.applicationID else {
            throw StrokeLogError.corruptStore(
                path: db.path, reason: "not a sketchd session file (application_id \(appID))")
        }
        let version = try db.scalarInt("PRAGMA user_version") ?? 0
        guard EventStoreSchema.readableVersions.contains(version) else {
            throw StrokeLogError.corruptStore(path: db.path, reason: "unsupported layout version \(version)")
        }
        let tables = try db.scalarInt(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'session_meta')")
        guard tables == 2 else {
            throw StrokeLogError.corruptStore(path: db.path, reason: "the events or session_meta table is missing")
        }
        if scan { try checkIntegrity(db) }
    }

    /// Brings an older layout to the current one, or puts back a dropped `checkpoints` table,
    /// in one transaction (a writer's open only).
    private static func migrate(_ db: SQLiteConnection) throws {
        func current() throws -> Bool {
            try db.scalarInt("PRAGMA user_version") == EventStoreSchema.version && hasCheckpointTable(db)
        }
        guard try !current() else { return }
        try db.transaction {
            guard try !current() else { return }
            try db.execute(EventStoreSchema.migrateFrom1)
        }
    }

    private static func hasCheckpointTable(_ db: SQLiteConnection) throws -> Bool {
        try db.scalarInt("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'") == 1
    }

    private static func checkIntegrity(_ db: SQLiteConnection) throws {
        let report = try db.textColumn("PRAGMA quick_check")
        guard report == ["ok"] else {
            throw StrokeLogError.corruptStore(
                path: db.path, reason: "integrity check failed: \(report.prefix(3).joined(separator: "; "))")
        }
    }

    /// Runs SQLite's full integrity check.
    /// - Throws: ``StrokeLogError/corruptStore(path:reason:)`` when it reports problems.
    public func checkIntegrity() throws {
        let report = try db.textColumn("PRAGMA integrity_check")
        guard report == ["ok"] else {
            throw StrokeLogError.corruptStore(
                path: path, reason: "integrity check failed: \(report.prefix(3).joined(separator: "; "))")
        }
    }

    /// The stored record of (author, clientOpID), if any.
    public func lookup(author: String, clientOpID: String) throws -> EventRecord? {
        let key = Self.opKey(author: author, clientOpID: clientOpID)
        if let known = lookedUp?[key] { return known }
        let record = try find(author: author, clientOpID: clientOpID)
        lookedUp?[key] = record
        return record
    }

    static func opKey(author: String, clientOpID: String) -> String { author + "\u{0}" + clientOpID }

    private func find(author: String, clientOpID: String) throws -> EventRecord? {
        findOp.reset()
        findOp.bind(1, author)
        findOp.bind(2, clientOpID)
        guard try findOp.step() else { return nil }
        let record = EventRecord(
            seq: findOp.int(0), author: author, clientOpID: clientOpID, serverTime: findOp.int(1),
            payload: try EventPayload(binary: findOp.blob(2)))
        findOp.reset()
        return record
    }

    /// Calls `body` with every event with `seq > after` and `seq <= through`, in order.
    public func forEachEvent(after: Int64 = 0, through: Int64 = .max, _ body: (EventRecord) throws -> Void) throws {
        let statement = try db.prepare(
            "SELECT seq, author, client_op_id, server_time, payload FROM events WHERE seq > ? AND seq <= ? ORDER BY seq"
        )
        statement.bind(1, after)
        statement.bind(2, through)
        while try statement.step() {
            let payload: EventPayload
            do {
                payload = try EventPayload(binary: statement.blob(4))
            } catch {
                throw StrokeLogError.corruptStore(path: path, reason: "event \(statement.int(0)) cannot be decoded")
            }
            try body(
                EventRecord(
                    seq: statement.int(0), author: statement.text(1), clientOpID: statement.text(2),
                    serverTime: statement.int(3), payload: payload))
        }
    }

    /// How many events are stored, and the server time of the newest (nil when empty).
    public func summary() throws -> (count: Int64, lastChange: Int64?) {
        let statement = try db.prepare("SELECT COUNT(*), MAX(server_time) FROM events")
        _ = try statement.step()
        let count = statement.int(0)
        return (count, count == 0 ? nil : statement.int(1))
    }

    /// A value of the session's small key-value table (settings such as capability hashes;
    /// never events).
    public func meta(_ key: String) throws -> String? {
        let statement = try db.prepare("SELECT value FROM session_meta WHERE key = ?")
        statement.bind(1, key)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Every entry of the session's key-value table, sorted by key.
    public func metaEntries() throws -> [(key: String, value: String)] {
        let statement = try db.prepare("SELECT key, value FROM session_meta ORDER BY key")
        var entries: [(key: String, value: String)] = []
        while try statement.step() { entries.append((statement.text(0), statement.text(1))) }
        return entries
    }

    /// Sets a value of the session's key-value table, durably.
    public func setMeta(_ key: String, _ value: String) throws {
        let statement = try db.prepare(
            "INSERT INTO session_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        statement.bind(1, key)
        statement.bind(2, value)
        _ = try statement.step()
    }

    /// Makes closing this store leave the file as it was found: for a session that failed to
    /// open (see ``SQLiteConnection/leaveFilesAsFoundOnClose()``).
    func leaveFilesAsFoundOnClose() { db.leaveFilesAsFoundOnClose() }

    /// Runs raw SQL against the file; for tests that prove the triggers refuse changes.
    public func executeForTesting(_ sql: String) throws { try db.execute(sql) }

    /// Milliseconds since 1970, now.
    public static func currentTime() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
