import CSQLite
import Glibc
import SessionModel

/// A thin, careful wrapper over one SQLite connection. Not thread-safe: confine each
/// connection to one thread or serial queue at a time.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    let path: String
    /// Whether the file's `-wal` was there before this connection opened it.
    private let walWasThere: Bool
    /// The statements every commit runs (``executeKept(_:)``, ``scalarIntKept(_:)``), by their SQL:
    /// parsing `BEGIN IMMEDIATE`, `COMMIT` and the head query again for each commit was a third
    /// of a commit's CPU besides the fsync. Raw handles, so they hold no reference back to the
    /// connection; finalized before it closes.
    private var kept: [String: OpaquePointer] = [:]

    /// Opens `path`. With `create == false` a missing file is an error and nothing is created;
    /// `readOnly` connections never write to the database, though reading a WAL-mode file
    /// makes its `-wal` and `-shm` when they are missing (and a read-only connection cannot
    /// remove them again). An `immutable` connection reads the database file alone, without
    /// locks, `-wal` or `-shm` (SQLite's `immutable=1`): right only while nothing writes it.
    init(path: String, create: Bool, readOnly: Bool = false, immutable: Bool = false) throws {
        self.path = path
        walWasThere = SessionFile.isTaken(path + "-wal")
        var flags = (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        if create && !readOnly && !immutable { flags |= SQLITE_OPEN_CREATE }
        if immutable { flags |= SQLITE_OPEN_URI }
        let rc = sqlite3_open_v2(immutable ? Self.immutableURI(path) : path, &handle, flags, nil)
        guard rc == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let code = handle.map { sqlite3_system_errno($0) } ?? errno
            sqlite3_close_v2(handle)
            handle = nil
            throw StrokeLogError.storageUnavailable("\(path): \(message) (\(String(cString: strerror(code))))")
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        kept.values.forEach { sqlite3_finalize($0) }
        sqlite3_close_v2(handle)
    }

    /// `path` as an SQLite URI that opens it immutable (every byte but letters, digits and
    /// `/-._~` percent-encoded, so `?`, `#` and `%` in a path stay part of it).
    private static func immutableURI(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~".utf8)
        let encoded = path.utf8.map { plain.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
            .joined()
        return "file:\(encoded)?immutable=1"
    }

    /// Makes the close leave the file and its `-wal` and `-shm` as they were found, for a file
    /// that turned out not to be a usable session: a `-wal` that was there keeps its frames
    /// (they are not checkpointed into the file), and one this connection made is removed.
    func leaveFilesAsFoundOnClose() {
        if walWasThere { _ = sketchd_sqlite3_no_checkpoint_on_close(handle, 1) }
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw failure(rc, message)
        }
    }

    /// Prepares a statement.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc, lastError) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row of `sql`, as an integer.
    func scalarInt(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int(0) : nil
    }

    /// ``scalarInt(_:)`` through a statement prepared once and kept: for the queries of every commit.
    func scalarIntKept(_ sql: String) throws -> Int64? {
        let statement = try keptStatement(sql)
        defer { sqlite3_reset(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return sqlite3_column_int64(statement, 0)
        case SQLITE_DONE: return nil
        case let rc: throw failure(rc, lastError)
        }
    }

    /// Runs one statement that returns no rows through a statement prepared once and kept.
    func executeKept(_ sql: String) throws {
        let statement = try keptStatement(sql)
        defer { sqlite3_reset(statement) }
        let rc = sqlite3_step(statement)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw failure(rc, lastError) }
    }

    /// The kept statement of `sql`, prepared on first use. The callers reset it after each run,
    /// so none is left holding a read transaction open.
    private func keptStatement(_ sql: String) throws -> OpaquePointer {
        if let statement = kept[sql] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc, lastError) }
        kept[sql] = statement
        return statement
    }

    /// The first column of every row of `sql`, as text.
    func textColumn(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }

    /// Runs `body` in an immediate transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try executeKept("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try executeKept("COMMIT")
            return result
        } catch {
            try? executeKept("ROLLBACK")
            throw error
        }
    }

    /// Copies this database into `destination` with SQLite's online backup API, in one step, so
    /// the copy is the database as of one read transaction (writers in WAL mode are not blocked).
    func backUp(into destination: SQLiteConnection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw StrokeLogError.storage("\(destination.path): backup cannot start: \(destination.lastError)")
        }
        let step = sqlite3_backup_step(backup, -1)
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finish == SQLITE_OK else {
            throw StrokeLogError.storage(
                "\(path): backup failed: \(String(cString: sqlite3_errstr(step == SQLITE_DONE ? finish : step)))")
        }
    }

    var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    func failure(_ rc: Int32, _ message: String) -> StrokeLogError {
        let primary = rc & 0xFF
        if primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT {
            return .corruptStore(path: path, reason: message)
        }
        if Self.unavailableCodes.contains(primary) { return .storageUnavailable("\(path): \(message)") }
        return .storage(message)
    }

    /// Result codes that say the file or the system, not the request, is the problem.
    private static let unavailableCodes: Set<Int32> = [
        SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_NOMEM, SQLITE_BUSY,
        SQLITE_LOCKED,
    ]
}

/// One prepared statement; finalized when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Clears bindings and rewinds, ready for another execution.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(statement, index, value) }
    func bind(_ index: Int32, _ value: String) { sqlite3_bind_text(statement, index, value, -1, Self.transient) }
    func bind(_ index: Int32, _ value: [UInt8]) {
        value.withUnsafeBytes { raw in
            _ = sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), Self.transient)
        }
    }

    /// Advances to the next row; `false` when done.
    func step() throws -> Bool {
        let rc = sqlite3_step(statement)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(rc, connection.lastError)
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: pointer)
    }
    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
