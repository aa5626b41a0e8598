import Logging
import PostgresNIO

/// The tables of the PostgreSQL store: every session's events in one append-only table, the
/// sessions' heads, their key-value tables and their checkpoints.
///
/// `sessions.head` is the seq of the newest event and `sessions.version` counts every write
/// (events or metadata): a writer locks its session's row (`SELECT ... FOR UPDATE`) before it
/// appends and bumps both in the same transaction, so two nodes serving one session during a
/// routing flap append one after the other, each seeing the other's events first; and every
/// transaction that answers an op writes, so its commit waits for the synchronous standby even
/// when the op was a retry.
enum PostgresSchema {
    /// Created once per database, under an advisory lock so nodes starting together do not race.
    static let statements: [PostgresQuery] = [
        """
        CREATE TABLE IF NOT EXISTS sessions (
            name    TEXT   PRIMARY KEY,
            head    BIGINT NOT NULL DEFAULT 0 CHECK (head >= 0),
            version BIGINT NOT NULL DEFAULT 0
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS events (
            session      TEXT   NOT NULL REFERENCES sessions (name),
            seq          BIGINT NOT NULL CHECK (seq > 0),
            author       TEXT   NOT NULL,
            client_op_id TEXT   NOT NULL,
            kind         TEXT   NOT NULL,
            payload      BYTEA  NOT NULL,
            server_time  BIGINT NOT NULL,
            PRIMARY KEY (session, seq),
            UNIQUE (session, author, client_op_id)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS session_meta (
            session TEXT NOT NULL REFERENCES sessions (name),
            key     TEXT NOT NULL,
            value   TEXT NOT NULL,
            PRIMARY KEY (session, key)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS checkpoints (
            session TEXT   NOT NULL REFERENCES sessions (name),
            seq     BIGINT NOT NULL,
            sha256  BYTEA  NOT NULL,
            state   BYTEA  NOT NULL,
            PRIMARY KEY (session, seq)
        )
        """,
        // Append-only for everyone, the tables' owner included (a role without UPDATE and DELETE
        // grants is the deployment's second fence: docs/DEPLOY.md).
        """
        CREATE OR REPLACE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'events are append-only: % is refused', TG_OP;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION events_seq_follows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.seq <> COALESCE((SELECT max(seq) FROM events WHERE session = NEW.session), 0) + 1 THEN
                RAISE EXCEPTION 'events.seq must be the previous seq + 1';
            END IF;
            RETURN NEW;
        END $$
        """,
        // An append in one statement, so one round trip (its own transaction and commit): moves
        // the head from the one the caller folded to and inserts the events after it. Refused
        // with SQLSTATE `SKHED` when the head moved (another writer appended), and 23505 when an
        // event is a retry of a stored one: the caller then appends the long way. It does not
        // notify (`PostgresChangeNotifier`). (Nodes of the version before keep calling the
        // nine-argument one, which notifies, until they are replaced.)
        """
        CREATE OR REPLACE FUNCTION sketchd_append(
            p_session TEXT, p_head BIGINT, p_authors TEXT[], p_op_ids TEXT[], p_kinds TEXT[], p_payloads BYTEA[],
            p_times BIGINT[]
        ) RETURNS BIGINT LANGUAGE plpgsql AS $$
        DECLARE
            counted BIGINT;
            n INT := cardinality(p_authors);
        BEGIN
            UPDATE sessions SET head = p_head + n, version = version + 1
                WHERE name = p_session AND head = p_head RETURNING version INTO counted;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'the head of session % is no longer %', p_session, p_head USING ERRCODE = 'SKHED';
            END IF;
            FOR i IN 1..n LOOP
                INSERT INTO events (session, seq, author, client_op_id, kind, payload, server_time)
                VALUES (p_session, p_head + i, p_authors[i], p_op_ids[i], p_kinds[i], p_payloads[i], p_times[i]);
            END LOOP;
            RETURN counted;
        END $$
        """,
        // The change notifications of a batch of commits, in a transaction of their own that
        // does not wait for the synchronous standby: a NOTIFY locks the whole database until
        // its transaction ends (`PostgresChangeNotifier`).
        """
        CREATE OR REPLACE FUNCTION sketchd_notify(p_channel TEXT, p_notes TEXT[]) RETURNS VOID LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM set_config('synchronous_commit', 'off', true);
            PERFORM pg_notify(p_channel, note) FROM unnest(p_notes) AS note;
        END $$
        """,
        "CREATE OR REPLACE TRIGGER events_no_change BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_refuse_change()",
        "CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()",
        "CREATE OR REPLACE TRIGGER events_seq BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_seq_follows()",
    ]

    /// An arbitrary key for `pg_advisory_xact_lock`, the same on every node: "skd1".
    static let lockKey: Int64 = 0x736B_6431

    /// Creates what is missing, in one transaction.
    static func create(_ connections: PostgresConnections, logger: Logger) throws {
        try connections.transaction { connection in
            try connection.run("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            for statement in statements { try connection.run(statement, logger: logger) }
        }
    }
}
