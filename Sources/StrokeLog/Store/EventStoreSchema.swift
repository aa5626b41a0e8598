import SessionModel

/// The on-disk layout of a session file.
enum EventStoreSchema {
    /// `PRAGMA application_id` of a sketchd session file: "skd1".
    static let applicationID: Int64 = 0x736B_6431
    /// `PRAGMA user_version` of the current layout: 2 added `checkpoints`.
    static let version: Int64 = 2
    /// Layout versions this code reads; older ones are migrated by the first writer to open them,
    /// and read as they are by read-only connections.
    static let readableVersions: ClosedRange<Int64> = 1...2

    /// Creates the tables and the triggers that keep `events` append-only.
    static let create = """
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        CREATE TABLE events (
            seq          INTEGER PRIMARY KEY,
            author       TEXT    NOT NULL,
            client_op_id TEXT    NOT NULL,
            kind         TEXT    NOT NULL,
            payload      BLOB    NOT NULL,
            server_time  INTEGER NOT NULL,
            UNIQUE (author, client_op_id)
        );
        CREATE TRIGGER events_seq_follows BEFORE INSERT ON events
            WHEN NEW.seq IS NOT (SELECT IFNULL(MAX(seq), 0) + 1 FROM events)
            BEGIN SELECT RAISE(ABORT, 'events.seq must be the previous seq + 1'); END;
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE is refused'); END;
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE is refused'); END;
        CREATE TABLE session_meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        \(createCheckpoints)
        """

    /// Derived snapshots of the fold (see ``SessionState/checkpointEncoded()``), never a source
    /// of truth: a row whose SHA-256 does not match is ignored, and the writer rebuilds missing
    /// ones from `events`.
    static let createCheckpoints = """
        CREATE TABLE IF NOT EXISTS checkpoints (
            seq    INTEGER PRIMARY KEY,
            sha256 BLOB NOT NULL,
            state  BLOB NOT NULL
        );
        """

    /// Brings a layout-1 file to the current layout (adds `checkpoints`, or puts it back if it
    /// was dropped); run it inside a write transaction.
    static let migrateFrom1 = """
        \(createCheckpoints)
        PRAGMA user_version = \(version);
        """
}
