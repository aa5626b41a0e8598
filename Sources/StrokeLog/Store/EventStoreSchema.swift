/// The on-disk layout of a session file.
enum EventStoreSchema {
    /// `PRAGMA application_id` of a sketchd session file: "skd1".
    static let applicationID: Int64 = 0x736B_6431
    /// `PRAGMA user_version` of the current layout.
    static let version: Int64 = 1

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
        """
}
