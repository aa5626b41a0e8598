import Logging
import PostgresNIO
import StrokeLog

/// The sessions of a PostgreSQL database (`--store postgres://...`): the cluster's log of
/// record, which every node reaches (through HAProxy, at the primary) and none holds alone.
///
/// Opening the catalog creates the tables it lacks (``PostgresSchema``). Its connections are
/// shared by every session it opens, in two pools: transactions, and reads outside them, so
/// commits that wait for a synchronous standby never leave reads (catch-up, token checks,
/// replays) without a connection. Each call blocks its thread until the server answers.
public final class PostgresSessionCatalog: SessionCatalog {
    /// The database, without its password.
    public let description: String
    private let writes: PostgresConnections
    private let reads: PostgresConnections
    private let location: PostgresLocation
    private let logger: Logger
    /// This catalog's id in its change notifications, so its own writes are not reported to it.
    private let id = (0..<16).map { _ in String(UInt8.random(in: 0...15), radix: 16) }.joined()
    private let notifier: PostgresChangeNotifier

    /// Connects to the database at `url` (see ``PostgresLocation``) and creates the tables it
    /// lacks. At most `connections` are open at once for transactions and as many for reads,
    /// shared by all its sessions.
    /// - Throws: ``PostgresAddressError`` for a bad address,
    ///   ``StrokeLog/StrokeLogError/storageUnavailable(_:)`` when the server cannot be reached.
    public init(url: String, connections capacity: Int = 16, logger: Logger = Logger(label: "sketchd.postgres")) throws
    {
        let location = try PostgresLocation(url: url)
        self.location = location
        description = location.description
        self.logger = logger
        writes = PostgresConnections(location: location, capacity: capacity, logger: logger)
        reads = PostgresConnections(location: location, capacity: capacity, logger: logger)
        notifier = PostgresChangeNotifier(location: location, writerID: id, logger: logger)
        try PostgresSchema.create(writes, logger: logger)
    }

    /// Tells the other writers of the last commits, and closes the idle connections.
    public func close() {
        notifier.close()
        writes.close()
        reads.close()
    }

    /// Starts listening for what other writers (nodes, `sketchctl`) change: `changed` is called
    /// with a session's name after another writer's commit to it, or with nil when changes may
    /// have been missed (the listening connection was lost and is back). Stop it when done.
    public func listenForChanges(_ changed: @escaping @Sendable (String?) -> Void) -> PostgresChangeListener {
        let listener = PostgresChangeListener(location: location, ownID: id, logger: logger, changed: changed)
        listener.start()
        return listener
    }

    public func exists(_ name: String) throws -> Bool {
        try reads.withConnection { connection in
            try connection.run("SELECT 1 FROM sessions WHERE name = \(name)", logger: logger).first != nil
        }
    }

    public func open(_ name: String) throws -> SessionLog {
        try Identifier.check(name, what: "session name")
        return try SessionLog(name: name, store: store(name, writable: true))
    }

    public func create(_ name: String) throws -> SessionLog {
        try Identifier.check(name, what: "session name")
        let inserted = try writes.withConnection { connection in
            try connection.run("INSERT INTO sessions (name) VALUES (\(name)) ON CONFLICT DO NOTHING", logger: logger)
                .metadata.rows ?? 0
        }
        guard inserted == 1 else { throw StrokeLogError.storage("\(description): session \(name) already exists") }
        return try SessionLog(name: name, store: store(name, writable: true))
    }

    public func openReader(_ name: String) throws -> any SessionStore {
        try Identifier.check(name, what: "session name")
        return try store(name, writable: false)
    }

    /// Removes the session's row, metadata and checkpoints if it has no events (the events
    /// table refuses deletes): a failed creation leaves nothing behind.
    public func discardNewSession(_ name: String) {
        try? writes.transaction { connection in
            let head = try connection.run("SELECT head FROM sessions WHERE name = \(name) FOR UPDATE", logger: logger)
                .first?.decode(Int64.self)
            guard head == 0 else { return }
            try connection.run("DELETE FROM session_meta WHERE session = \(name)", logger: logger)
            try connection.run("DELETE FROM checkpoints WHERE session = \(name)", logger: logger)
            try connection.run("DELETE FROM sessions WHERE name = \(name)", logger: logger)
        }
    }

    public func sessionNames() throws -> [String] {
        try reads.withConnection { connection in
            try connection.run("SELECT name FROM sessions ORDER BY name", logger: logger).map {
                try $0.decode(String.self)
            }
        }
    }

    public func list() throws -> [SessionListing] {
        try reads.withConnection { connection in
            try connection.run(
                """
                SELECT s.name, count(e.seq), max(e.server_time) FROM sessions s LEFT JOIN events e ON e.session = s.name
                GROUP BY s.name ORDER BY s.name
                """, logger: logger
            ).map { row in
                let (name, count, last) = try row.decode((String, Int64, Int64?).self)
                return SessionListing(name: name, eventCount: count, lastChange: last)
            }
        }
    }

    private func store(_ name: String, writable: Bool) throws -> PostgresSessionStore {
        try PostgresSessionStore(
            name: name, database: description, writes: writes, reads: reads, writable: writable,
            notifier: notifier, logger: logger)
    }
}
