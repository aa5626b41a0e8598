import Logging
import PostgresNIO
import StrokeLog

/// One session's log in PostgreSQL (``PostgresSchema``): the ``SessionStore`` contract, as
/// ``EventStore`` keeps it in an SQLite file.
///
/// Durability: an append returns only after `COMMIT` returns, which, with `synchronous_commit =
/// on` and a synchronous standby, means the commit is fsynced on two machines. Every append
/// writes the session's row, retries included, so no answer is given before its commit is
/// replicated.
///
/// Not thread-safe: confine it to one thread or serial queue, which it blocks while the server
/// answers.
public final class PostgresSessionStore: SessionStore {
    /// The session's name.
    public let name: String
    /// The database and the session.
    public let location: String
    public private(set) var lastSeq: Int64
    public let isWritable: Bool
    public var checkpointPolicy = CheckpointPolicy.standard

    /// Connections for transactions, and connections for reads outside them: a commit waiting
    /// for the standby holds only one of the first.
    private let writes: PostgresConnections
    private let reads: PostgresConnections
    private let logger: Logger
    /// Tells the other writers of this store's commits, after them.
    private let notifier: PostgresChangeNotifier
    /// `sessions.version` as of this store's last look or write.
    private var knownVersion: Int64
    /// The connection of the append in progress: lookups made while choosing read inside its
    /// transaction.
    private var appending: PostgresConnection?
    /// The lookups made in the append in progress: the checks while choosing and the insert
    /// ask for the same (author, op id), and each answer would cost a round trip.
    private var lookedUp: [String: EventRecord?] = [:]
    /// While ``appendInOneTrip(now:choosing:)`` asks `choose`: the ops looked up, each answered
    /// as never stored without asking the server (which checks it as it inserts).
    private var guessedAbsent: Set<String>?

    init(
        name: String, database: String, writes: PostgresConnections, reads: PostgresConnections, writable: Bool,
        notifier: PostgresChangeNotifier, logger: Logger
    ) throws {
        self.name = name
        self.notifier = notifier
        location = "\(database) session \(name)"
        self.writes = writes
        self.reads = reads
        self.logger = logger
        isWritable = writable
        let row = try reads.withConnection { connection in
            try connection.run("SELECT head, version FROM sessions WHERE name = \(name)", logger: logger).first
        }
        guard let row else { throw StrokeLogError.unknownSession(name) }
        (lastSeq, knownVersion) = try row.decode((Int64, Int64).self)
    }

    /// A store closing tells the other writers of its last commits first, so a command
    /// (`sketchctl`) that ends right after its write is heard.
    deinit { notifier.flush() }

    /// Appends in one round trip when it can (``appendInOneTrip(now:choosing:)``), else in a
    /// transaction that locks the session's row first (``appendLocked(now:choosing:)``); `choose`
    /// may then be called twice, the second answer replacing the first.
    public func append(
        now: Int64, choosing choose: ([EventRecord]) throws -> (events: [PendingEvent], state: SessionState)
    ) throws -> [AppendOutcome] {
        guard isWritable else { throw StrokeLogError.storage("\(location) is open for reading only") }
        if let outcomes = try appendInOneTrip(now: now, choosing: choose) { return outcomes }
        return try appendLocked(now: now, choosing: choose)
    }

    /// The common append, in one statement (`sketchd_append`, ``PostgresSchema``): `choose` is
    /// asked as if no other writer had appended and no op were a retry, and the statement checks
    /// both, refusing when either is wrong. nil, with nothing written, when the guess was wrong
    /// or could not be checked: an op refused or a batch thrown while its lookups were guessed, an
    /// op twice in the batch, a checkpoint due.
    private func appendInOneTrip(
        now: Int64, choosing choose: ([EventRecord]) throws -> (events: [PendingEvent], state: SessionState)
    ) throws -> [AppendOutcome]? {
        guessedAbsent = []
        defer { guessedAbsent = nil }
        guard let (events, state) = try? choose([]), let guessed = guessedAbsent, !events.isEmpty,
            state.lastSeq == lastSeq
        else { return nil }
        let keys = events.map { $0.author + "\u{0}" + $0.clientOpID }
        guard Set(keys).count == keys.count, guessed.isSubset(of: keys) else { return nil }
        let head = lastSeq
        let records = events.enumerated().map { offset, event in
            EventRecord(
                seq: head + Int64(offset) + 1, author: event.author, clientOpID: event.clientOpID,
                serverTime: event.serverTime ?? now, payload: event.payload)
        }
        let outcomes = records.map(AppendOutcome.stored)
        guard CheckpointPlan.boundaries(from: state, folding: outcomes, policy: checkpointPolicy) == nil else {
            return nil
        }
        let payloads = records.map { ByteBuffer(bytes: $0.payload.binaryEncoded()) }
        let answer = try writes.withConnection { connection in
            try connection.run(
                """
                SELECT sketchd_append(\(name), \(head), \(records.map(\.author)), \(records.map(\.clientOpID)),
                    \(records.map(\.payload.kind.rawValue)), \(payloads), \(records.map(\.serverTime)))
                """, logger: logger, unlessRefusedWith: Self.guessRefused)
        }
        guard let version = try answer?.first?.decode(Int64.self) else { return nil }
        notifier.changed(name)
        lastSeq = records.last!.seq
        knownVersion = version
        return outcomes
    }

    /// `sketchd_append`'s refusals: the head moved (`SKHED`), an op was stored before (23505).
    private static let guessRefused: Set<String> = ["SKHED", "23505"]

    /// The append in a transaction: the session's row locked, the events other writers appended
    /// read and handed to `choose`, each op looked up, then inserted, the head moved.
    private func appendLocked(
        now: Int64, choosing choose: ([EventRecord]) throws -> (events: [PendingEvent], state: SessionState)
    ) throws -> [AppendOutcome] {
        let (outcomes, head, version) = try writes.transaction { connection in
            appending = connection
            defer {
                appending = nil
                lookedUp = [:]
            }
            let locked = try connection.run("SELECT head FROM sessions WHERE name = \(name) FOR UPDATE", logger: logger)
                .first
            guard let locked else { throw StrokeLogError.unknownSession(name) }
            let storedHead = try locked.decode(Int64.self)
            var foreign: [EventRecord] = []
            if storedHead != lastSeq {
                try forEachEvent(after: lastSeq, through: storedHead, on: connection) { foreign.append($0) }
                lastSeq = storedHead
            }
            let (events, state) = try choose(foreign)
            var next = storedHead
            let outcomes: [AppendOutcome] = try events.map { event in
                if let original = try lookup(author: event.author, clientOpID: event.clientOpID) {
                    guard original.payload == event.payload else {
                        throw StrokeLogError.conflictingRetry(clientOpID: event.clientOpID, originalSeq: original.seq)
                    }
                    return .duplicate(original)
                }
                next += 1
                let payload = ByteBuffer(bytes: event.payload.binaryEncoded())
                let time = event.serverTime ?? now
                try connection.run(
                    """
                    INSERT INTO events (session, seq, author, client_op_id, kind, payload, server_time)
                    VALUES (\(name), \(next), \(event.author), \(event.clientOpID), \(event.payload.kind.rawValue), \(payload), \(time))
                    """, logger: logger)
                let record = EventRecord(
                    seq: next, author: event.author, clientOpID: event.clientOpID, serverTime: time,
                    payload: event.payload)
                lookedUp[event.author + "\u{0}" + event.clientOpID] = .some(record)
                return .stored(record)
            }
            if state.lastSeq == storedHead { try storeCheckpoints(from: state, folding: outcomes, on: connection) }
            let version = try bumpVersion(head: next, on: connection)
            return (outcomes, next, version)
        }
        notifier.changed(name)
        lastSeq = head
        knownVersion = version
        return outcomes
    }

    public func lookup(author: String, clientOpID: String) throws -> EventRecord? {
        let key = author + "\u{0}" + clientOpID
        if guessedAbsent != nil {
            guessedAbsent!.insert(key)
            return nil
        }
        if appending != nil, let known = lookedUp[key] { return known }
        let found = try reading { connection -> EventRecord? in
            let row = try connection.run(
                """
                SELECT seq, server_time, payload FROM events
                WHERE session = \(name) AND author = \(author) AND client_op_id = \(clientOpID)
                """, logger: logger
            ).first
            guard let row else { return nil }
            let (seq, serverTime, payload) = try row.decode((Int64, Int64, ByteBuffer).self)
            return EventRecord(
                seq: seq, author: author, clientOpID: clientOpID, serverTime: serverTime,
                payload: try decodePayload(payload, seq: seq))
        }
        if appending != nil { lookedUp[key] = .some(found) }
        return found
    }

    public func forEachEvent(after: Int64, through: Int64, _ body: (EventRecord) throws -> Void) throws {
        try reading { try forEachEvent(after: after, through: through, on: $0, body) }
    }

    /// Reads in pages of 1,000 events, so a long log is never all in memory at once.
    private func forEachEvent(
        after: Int64, through: Int64, on connection: PostgresConnection, _ body: (EventRecord) throws -> Void
    ) throws {
        var cursor = after
        while cursor < through {
            let rows = try connection.run(
                """
                SELECT seq, author, client_op_id, server_time, payload FROM events
                WHERE session = \(name) AND seq > \(cursor) AND seq <= \(through) ORDER BY seq LIMIT 1000
                """, logger: logger)
            var count = 0
            for row in rows {
                let (seq, author, clientOpID, serverTime, payload) = try row.decode(
                    (Int64, String, String, Int64, ByteBuffer).self)
                try body(
                    EventRecord(
                        seq: seq, author: author, clientOpID: clientOpID, serverTime: serverTime,
                        payload: try decodePayload(payload, seq: seq)))
                cursor = seq
                count += 1
            }
            if count < 1000 { return }
        }
    }

    public func summary() throws -> (count: Int64, lastChange: Int64?) {
        try reading { connection in
            let row = try connection.run(
                "SELECT count(*), max(server_time) FROM events WHERE session = \(name)", logger: logger
            ).first!
            let (count, last) = try row.decode((Int64, Int64?).self)
            return (count, last)
        }
    }

    public func meta(_ key: String) throws -> String? {
        try reading { connection in
            try connection.run(
                "SELECT value FROM session_meta WHERE session = \(name) AND key = \(key)", logger: logger
            )
            .first?.decode(String.self)
        }
    }

    public func metaEntries() throws -> [(key: String, value: String)] {
        try reading { connection in
            try connection.run(
                "SELECT key, value FROM session_meta WHERE session = \(name) ORDER BY key", logger: logger
            )
            .map { row in try row.decode((String, String).self) }
            .map { (key: $0.0, value: $0.1) }
        }
    }

    public func setMeta(_ key: String, _ value: String) throws {
        guard isWritable else { throw StrokeLogError.storage("\(location) is open for reading only") }
        knownVersion = try writes.transaction { connection in
            try connection.run(
                """
                INSERT INTO session_meta (session, key, value) VALUES (\(name), \(key), \(value))
                ON CONFLICT (session, key) DO UPDATE SET value = excluded.value
                """, logger: logger)
            return try bumpVersion(head: nil, on: connection)
        }
        notifier.changed(name)
    }

    public func changedElsewhere() throws -> Bool {
        let version = try reading { connection in
            try connection.run("SELECT version FROM sessions WHERE name = \(name)", logger: logger).first?.decode(
                Int64.self)
        }
        guard let version else { throw StrokeLogError.unknownSession(name) }
        defer { knownVersion = version }
        return version != knownVersion
    }

    public func takeEventsAppendedElsewhere() throws -> [EventRecord] {
        let records = try events(after: lastSeq)
        if let last = records.last { lastSeq = last.seq }
        return records
    }

    public func replay(through seq: Int64, fromCheckpoints: Bool) throws -> StoreReplay {
        try reading { connection in
            var start = StoreReplay(state: SessionState(), checkpointSeq: 0)
            if fromCheckpoints {
                let rows = try connection.run(
                    "SELECT seq, sha256, state FROM checkpoints WHERE session = \(name) AND seq <= \(seq) ORDER BY seq DESC",
                    logger: logger)
                for row in rows {
                    let (stored, sha256, encoded) = try row.decode((Int64, ByteBuffer, ByteBuffer).self)
                    if let intact = CheckpointPlan.intact(
                        sha256: Array(sha256.readableBytesView), encoded: Array(encoded.readableBytesView)),
                        let state = CheckpointPlan.decoded(seq: stored, encoded: intact)
                    {
                        start = StoreReplay(state: state, checkpointSeq: stored)
                        break
                    }
                }
            }
            var state = start.state
            try forEachEvent(after: start.checkpointSeq, through: seq, on: connection) { state.apply($0) }
            return StoreReplay(state: state, checkpointSeq: start.checkpointSeq)
        }
    }

    public func storedCheckpoints() throws -> [(seq: Int64, digestMatches: Bool)] {
        try checkpointRows().map { ($0.seq, $0.encoded != nil) }
    }

    public func foldRepairingCheckpoints() throws -> SessionState {
        let head = lastSeq
        guard isWritable else { return try replay(through: head, fromCheckpoints: true).state }
        let rows = try checkpointRows()
        let plan = try reading { connection in
            try CheckpointPlan.repair(rows: rows, head: head, policy: checkpointPolicy) { after, through, body in
                try forEachEvent(after: after, through: through, on: connection, body)
            }
        }
        if !plan.rebuild.isEmpty || !plan.drop.isEmpty {
            // Only derived data: if it cannot be written now, the next writer's open tries again.
            try? writes.transaction { connection in
                let stored = try connection.run(
                    "SELECT head FROM sessions WHERE name = \(name) FOR UPDATE", logger: logger
                ).first?.decode(Int64.self)
                guard stored == head else { return }
                try connection.run(
                    "DELETE FROM checkpoints WHERE session = \(name) AND seq = ANY(\(plan.drop))", logger: logger)
                for state in plan.rebuild { try insertCheckpoint(state, on: connection) }
            }
        }
        return plan.state
    }

    /// Inside an append's transaction: the checkpoints its records reach, and the pruning of
    /// those no longer kept, in a savepoint, so a checkpoint that cannot be written never fails
    /// the commit.
    private func storeCheckpoints(
        from state: SessionState, folding outcomes: [AppendOutcome], on connection: PostgresConnection
    ) throws {
        guard let plan = CheckpointPlan.boundaries(from: state, folding: outcomes, policy: checkpointPolicy) else {
            return
        }
        try connection.run("SAVEPOINT checkpoints", logger: logger)
        do {
            for checkpoint in plan.states { try insertCheckpoint(checkpoint, on: connection) }
            let unwanted = try connection.run("SELECT seq FROM checkpoints WHERE session = \(name)", logger: logger)
                .map { try $0.decode(Int64.self) }.filter { !plan.wanted.contains($0) }
            if !unwanted.isEmpty {
                try connection.run(
                    "DELETE FROM checkpoints WHERE session = \(name) AND seq = ANY(\(unwanted))", logger: logger)
            }
        } catch let error as StrokeLogError where error.code == "storage" {
            try connection.run("ROLLBACK TO SAVEPOINT checkpoints", logger: logger)
        }
        try connection.run("RELEASE SAVEPOINT checkpoints", logger: logger)
    }

    /// Every stored checkpoint, oldest first, with its encoded state when its digest matches.
    private func checkpointRows() throws -> [CheckpointPlan.Row] {
        try reading { connection in
            try connection.run(
                "SELECT seq, sha256, state FROM checkpoints WHERE session = \(name) ORDER BY seq", logger: logger
            )
            .map { row -> CheckpointPlan.Row in
                let (seq, sha256, encoded) = try row.decode((Int64, ByteBuffer, ByteBuffer).self)
                return (
                    seq,
                    CheckpointPlan.intact(
                        sha256: Array(sha256.readableBytesView), encoded: Array(encoded.readableBytesView))
                )
            }
        }
    }

    private func insertCheckpoint(_ state: SessionState, on connection: PostgresConnection) throws {
        let encoded = state.checkpointEncoded()
        let digest = ByteBuffer(bytes: SessionState.checkpointDigest(encoded))
        let bytes = ByteBuffer(bytes: encoded)
        try connection.run(
            """
            INSERT INTO checkpoints (session, seq, sha256, state) VALUES (\(name), \(state.lastSeq), \(digest), \(bytes))
            ON CONFLICT (session, seq) DO UPDATE SET sha256 = excluded.sha256, state = excluded.state
            """, logger: logger)
    }

    /// Inside a write transaction: moves the head (when given) and counts the write in `version`
    /// (the row every answering transaction writes). The other writers are told after the
    /// commit (``PostgresChangeNotifier``).
    private func bumpVersion(head: Int64?, on connection: PostgresConnection) throws -> Int64 {
        let row = try connection.run(
            """
            UPDATE sessions SET head = COALESCE(\(head), head), version = version + 1 WHERE name = \(name)
            RETURNING version
            """, logger: logger
        ).first
        guard let row else { throw StrokeLogError.unknownSession(name) }
        return try row.decode(Int64.self)
    }

    /// Runs `body` on the append's connection when inside one, else on a lent reading one.
    private func reading<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        if let appending { return try body(appending) }
        return try reads.withConnection(body)
    }

    private func decodePayload(_ buffer: ByteBuffer, seq: Int64) throws -> EventPayload {
        do {
            return try EventPayload(binary: Array(buffer.readableBytesView))
        } catch {
            throw StrokeLogError.corruptStore(path: location, reason: "event \(seq) cannot be decoded")
        }
    }
}
