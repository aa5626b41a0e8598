import Dispatch
import Foundation
import Logging
import StrokeLog

/// Admits joins, opens, creates and closes sessions, and keeps the open ones.
///
/// A join's token is checked before anything is opened: a wrong token or an unknown session
/// folds nothing, keeps no SQLite handle and starts no recognition, and both cost the same digest
/// work (on the ``BlockingPool``). Opening folds the whole log, so it runs on `openQueue`; joins that arrive meanwhile wait
/// for the same open. A room nobody has been in for `idleSeconds` is closed (recognition
/// cancelled, writer drained, SQLite closed), and at `maxOpenSessions` the least recently used
/// idle room makes way for a new one. The file work runs on `openQueue` and is awaited.
/// Token checks are ``SessionTokenCheck``'s; creating a session is in `SessionRegistry+Create`.
@ServiceLoop
final class SessionRegistry {
    /// Why a join was not admitted.
    enum Refusal: Error {
        /// Unknown session or wrong token (indistinguishable on purpose).
        case badToken
        /// Every open room is in use and the cap is reached.
        case full(limit: Int)
        /// The file exists but could not be opened or read.
        case storage(Error)
        /// The blocking pool's queue was full: the token was not checked.
        case busy
    }

    /// Where the sessions are: the data directory, or the PostgreSQL database.
    let catalog: any SessionCatalog
    /// Where opens, closes and creations do their file work, one at a time.
    let openQueue = DispatchQueue(label: "sketchd.sessions.open")
    /// Where token checks run (concurrently, beside the writers and the opens).
    private let blocking: BlockingPool
    /// Wakes an open session's writer when another process or node wrote to it.
    private let watcher: (any SessionChangeWatcher)?
    private let idleSeconds: Double
    private let maxOpenSessions: Int
    private var rooms: [String: SessionRoom] = [:]
    /// When each open room was last joined or left: the eviction order.
    private var lastUsed: [String: Double] = [:]
    /// The open rooms with ops their writer has not reported committed.
    private var roomsAwaitingCommit: Set<String> = []
    /// Opens under way; joins of the same session await the same one.
    private var opening: [String: Task<SessionRoom, Error>] = [:]
    /// Closes under way; an open of the same session awaits it first.
    private var closing: [String: Task<Void, Never>] = [:]
    /// Builds a room around a freshly opened session's writer and reader pool (wires commits and
    /// recognition).
    private let makeRoom: (SessionWriter, SessionReaderPool) -> SessionRoom
    /// Stops a room's recognition before it is closed.
    private let retireRoom: (SessionRoom) -> Void

    init(
        catalog: any SessionCatalog, blocking: BlockingPool, idleSeconds: Double, maxOpenSessions: Int, logger: Logger,
        makeRoom: @escaping (SessionWriter, SessionReaderPool) -> SessionRoom,
        retireRoom: @escaping (SessionRoom) -> Void
    ) {
        self.catalog = catalog
        self.blocking = blocking
        watcher = changeWatcher(for: catalog, logger: logger)
        self.idleSeconds = idleSeconds
        self.maxOpenSessions = maxOpenSessions
        self.makeRoom = makeRoom
        self.retireRoom = retireRoom
    }

    /// Every open room.
    var openRooms: [SessionRoom] { rooms.keys.sorted().compactMap { rooms[$0] } }

    /// When the oldest op that any open session's writer has not yet reported committed
    /// reached the service thread; nil when none waits.
    /// Walks only the rooms that have such ops: the tick asks up to 100 times a second, and a
    /// walk over every open room was most of an idle node's CPU.
    var oldestOpAwaitingCommit: Double? {
        var oldest: Double?
        for name in roomsAwaitingCommit {
            if let first = rooms[name]?.opsAwaitingCommit.first, first < oldest ?? .infinity { oldest = first }
        }
        return oldest
    }

    /// Keeps ``roomsAwaitingCommit`` true after `room`'s ops changed.
    func noteAwaitingCommit(_ room: SessionRoom) {
        if room.opsAwaitingCommit.isEmpty || rooms[room.name] !== room {
            roomsAwaitingCommit.remove(room.name)
        } else {
            roomsAwaitingCommit.insert(room.name)
        }
    }

    /// The open room of `name`, if it is open.
    func openRoom(_ name: String) -> SessionRoom? { rooms[name] }

    /// Checks `token` against session `name` and, only when it grants a role, the open room
    /// (opening it if needed).
    /// The token is read from the file now, whether the session is open or not (so tokens minted
    /// by `sketchctl share` while the daemon runs work at once): through the open session's
    /// reader pool, or a connection of its own that leaves the data directory as it found it.
    func admit(_ name: String, token: String, now: Double) async -> Result<
        (SessionRoom, SessionCapabilities.Role), Refusal
    > {
        let catalog = catalog
        let readers = rooms[name]?.readers
        let role: SessionCapabilities.Role?
        do {
            role = try await blocking.run {
                try SessionTokenCheck.role(of: token, in: name, catalog: catalog, readers: readers)
            }
        } catch is BlockingPool.Busy {
            return .failure(.busy)
        } catch {
            return .failure(.storage(error))
        }
        guard let role else { return .failure(.badToken) }
        do {
            return .success((try await room(named: name, now: now), role))
        } catch let refusal as Refusal {
            return .failure(refusal)
        } catch {
            return .failure(.storage(error))
        }
    }

    /// The room of `name`, opening it if needed (after any close of it has finished).
    private func room(named name: String, now: Double) async throws -> SessionRoom {
        if let room = rooms[name] {
            lastUsed[name] = now
            return room
        }
        if let close = closing[name] {
            await close.value
            return try await room(named: name, now: now)
        }
        if let open = opening[name] { return try await open.value }
        guard rooms.count < maxOpenSessions || evictLeastRecentlyUsedIdleRoom() else {
            throw Refusal.full(limit: maxOpenSessions)
        }
        let catalog = catalog
        let openQueue = openQueue
        let open = Task.immediate {
            defer { self.opening[name] = nil }
            let writer = try await openQueue.run { SessionWriter(log: try catalog.open(name)) }
            let room = self.makeRoom(writer, SessionReaderPool(name: name, of: catalog))
            self.watcher?.watch(name) { [weak writer] in writer?.absorbForeignCommits() }
            // What was committed elsewhere between the open's fold and the watch.
            writer.absorbForeignCommits()
            self.rooms[name] = room
            self.lastUsed[name] = now
            return room
        }
        opening[name] = open
        return try await open.value
    }

    /// Closes every open session (shutdown): each writer commits what it was given, then every
    /// SQLite connection of the session closes, the last one checkpointing the `-wal` into the
    /// file and removing it and the `-shm`. Returns once all are closed.
    func closeAllRooms() async {
        for room in Array(rooms.values) { close(room) }
        while let (_, closing) = closing.first { await closing.value }
    }

    /// How many sessions are closing and not yet closed (their writers still committing).
    var closesUnderWay: Int { closing.count }

    /// Records that a room was joined or left.
    func touch(_ room: SessionRoom, now: Double) {
        if rooms[room.name] === room { lastUsed[room.name] = now }
    }

    /// Closes every room that has had no members for `idleSeconds`; returns how many it closed.
    @discardableResult
    func closeIdleRooms(now: Double) -> Int {
        var closed = 0
        for (name, room) in rooms where room.members.isEmpty && now - (lastUsed[name] ?? now) >= idleSeconds {
            close(room)
            closed += 1
        }
        // After the closes (the queue is serial): hand the freed heap back to the system, or
        // the process keeps the high-water mark of a burst of sessions for good.
        if closed > 0 { openQueue.async { HeapTrim.returnFreeMemory() } }
        return closed
    }

    /// Whether no session is open.
    var isEmpty: Bool { rooms.isEmpty }

    /// Closes the least recently used room without members; false when every room is in use.
    private func evictLeastRecentlyUsedIdleRoom() -> Bool {
        let idle = rooms.values.filter(\.members.isEmpty)
        guard let victim = idle.min(by: { (lastUsed[$0.name] ?? 0, $0.name) < (lastUsed[$1.name] ?? 0, $1.name) })
        else { return false }
        close(victim)
        return true
    }

    /// Takes a room out of service: its recognition is cancelled, then its writer commits what
    /// it was given and its log and reader pool (and SQLite handles) are released; opens of the
    /// same session wait until then.
    private func close(_ room: SessionRoom) {
        rooms.removeValue(forKey: room.name)
        lastUsed.removeValue(forKey: room.name)
        roomsAwaitingCommit.remove(room.name)
        retireRoom(room)
        watcher?.stopWatching(room.name)
        let writer = room.writer
        let readers = room.readers
        closing[room.name] = Task.immediate {
            await self.openQueue.run {
                // Readers first: the last connection to close removes the -wal and -shm, and a
                // read-only one cannot.
                readers.close()
                writer.close()
            }
            self.closing[room.name] = nil
        }
    }
}
