import Dispatch
import Foundation
import StrokeLog

/// Admits joins, opens, creates and closes sessions, and keeps the open ones.
///
/// A join's token is checked before anything is opened: a wrong token or an unknown session
/// folds nothing, keeps no SQLite handle and starts no recognition, and both cost the same digest
/// work. Opening folds the whole log, so it runs on `openQueue`; joins that arrive meanwhile wait
/// for the same open. A room nobody has been in for `idleSeconds` is closed (recognition
/// cancelled, writer drained, SQLite closed), and at `maxOpenSessions` the least recently used
/// idle room makes way for a new one. Service thread, except the work posted to `openQueue`.
final class SessionRegistry {
    /// Why a join was not admitted.
    enum Refusal: Error {
        /// Unknown session or wrong token (indistinguishable on purpose).
        case badToken
        /// Every open room is in use and the cap is reached.
        case full(limit: Int)
        /// The file exists but could not be opened or read.
        case storage(Error)
    }

    /// Where the session files are.
    let directory: SessionDirectory
    private let inbox: ServiceInbox
    private let openQueue = DispatchQueue(label: "sketchd.sessions.open")
    private let idleSeconds: Double
    private let maxOpenSessions: Int
    private var rooms: [String: SessionRoom] = [:]
    /// When each open room was last joined or left: the eviction order.
    private var lastUsed: [String: Double] = [:]
    private var opening: [String: [(Result<SessionRoom, Error>) -> Void]] = [:]
    /// Rooms being closed, with the opens that wait for the close to finish first.
    private var closing: [String: [() -> Void]] = [:]
    /// Builds a room around a freshly opened log (wires commits and recognition).
    private let makeRoom: (SessionLog) -> SessionRoom
    /// Stops a room's recognition before it is closed.
    private let retireRoom: (SessionRoom) -> Void

    init(directory: SessionDirectory, inbox: ServiceInbox, idleSeconds: Double, maxOpenSessions: Int,
         makeRoom: @escaping (SessionLog) -> SessionRoom, retireRoom: @escaping (SessionRoom) -> Void) {
        self.directory = directory
        self.inbox = inbox
        self.idleSeconds = idleSeconds
        self.maxOpenSessions = maxOpenSessions
        self.makeRoom = makeRoom
        self.retireRoom = retireRoom
    }

    /// Every open room.
    var openRooms: [SessionRoom] { rooms.keys.sorted().compactMap { rooms[$0] } }

    /// The open room of `name`, if it is open.
    func openRoom(_ name: String) -> SessionRoom? { rooms[name] }

    /// Checks `token` against session `name` and, only when it grants a role, the open room
    /// (opening it if needed); `completion` runs on the service thread.
    func admit(_ name: String, token: String, now: Double,
               completion: @escaping (Result<(SessionRoom, SessionCapabilities.Role), Refusal>) -> Void) {
        if let room = rooms[name] {
            lastUsed[name] = now
            return room.writer.role(of: token) { role in
                // The room may have been closed while its file was read: admit to the new one.
                guard self.rooms[name] === room else { return self.admit(name, token: token, now: now, completion: completion) }
                completion(role.map { .success((room, $0)) } ?? .failure(.badToken))
            }
        }
        let directory = directory
        openQueue.async {
            let role: SessionCapabilities.Role?
            do {
                role = try Self.role(of: token, in: name, directory: directory)
            } catch {
                self.inbox.post { completion(.failure(.storage(error))) }
                return
            }
            self.inbox.post {
                guard let role else { return completion(.failure(.badToken)) }
                self.room(named: name, now: now) { result in
                    switch result {
                    case .success(let room): completion(.success((room, role)))
                    case .failure(let refusal as Refusal): completion(.failure(refusal))
                    case .failure(let error): completion(.failure(.storage(error)))
                    }
                }
            }
        }
    }

    /// The role `token` grants in session `name`, read from its file without opening it as a
    /// session. A malformed name or a missing file is checked against digests that match
    /// nothing, with the same work, so timing does not tell which sessions exist.
    private static func role(of token: String, in name: String, directory: SessionDirectory) throws -> SessionCapabilities.Role? {
        guard Identifier.isValid(name), directory.exists(name) else {
            // The same SQLite open, read and digest comparison as for a real session.
            let digests = decoyPath.flatMap { try? SessionCapabilities.Digests(readingSessionAt: $0) } ?? .matchingNothing
            _ = digests.role(of: token)
            return nil
        }
        return try SessionCapabilities.Digests(readingSessionAt: directory.path(of: name)).role(of: token)
    }

    /// A session file with tokens nobody holds, outside the data directory: an unknown name is
    /// checked against it, so a probe costs the same as one of a real session and timing does
    /// not tell which sessions exist. Nil (digests only) if it cannot be made.
    /// Made on first use (a static `let` is lazy), removed by ``removeDecoy()`` at exit.
    private static let decoyPath: String? = {
        let directory = SessionDirectory(root: decoyRoot)
        guard let log = try? directory.create("decoy"), (try? SessionCapabilities.mint().store(in: log.store)) != nil else { return nil }
        return directory.path(of: "decoy")
    }()
    private static let decoyRoot = NSTemporaryDirectory() + "sketchd-decoy-\(getpid())-\(UUID().uuidString)"

    /// Removes the decoy session file, if one was made.
    static func removeDecoy() { try? FileManager.default.removeItem(atPath: decoyRoot) }

    /// The room of `name`, opening it if needed (after any close of it has finished).
    private func room(named name: String, now: Double, completion: @escaping (Result<SessionRoom, Error>) -> Void) {
        if let room = rooms[name] {
            lastUsed[name] = now
            return completion(.success(room))
        }
        if closing[name] != nil {
            closing[name]!.append { self.room(named: name, now: now, completion: completion) }
            return
        }
        if opening[name] != nil {
            opening[name]!.append(completion)
            return
        }
        guard rooms.count < maxOpenSessions || evictLeastRecentlyUsedIdleRoom() else {
            return completion(.failure(Refusal.full(limit: maxOpenSessions)))
        }
        opening[name] = [completion]
        let directory = directory
        openQueue.async {
            let opened = Result { try directory.open(name) }
            self.inbox.post { self.finishOpening(name, opened, now: now) }
        }
    }

    private func finishOpening(_ name: String, _ opened: Result<SessionLog, Error>, now: Double) {
        let result = opened.map { log in rooms[name] ?? makeRoom(log) }
        if case .success(let room) = result {
            rooms[name] = room
            lastUsed[name] = now
        }
        let completions = opening.removeValue(forKey: name) ?? []
        completions.forEach { $0(result) }
    }

    /// Records that a room was joined or left.
    func touch(_ room: SessionRoom, now: Double) {
        if rooms[room.name] === room { lastUsed[room.name] = now }
    }

    /// Closes every room that has had no members for `idleSeconds`. Service thread.
    func closeIdleRooms(now: Double) {
        var closed = 0
        for (name, room) in rooms where room.members.isEmpty && now - (lastUsed[name] ?? now) >= idleSeconds {
            close(room)
            closed += 1
        }
        // After the closes (the queue is serial): hand the freed heap back to the system, or
        // the process keeps the high-water mark of a burst of sessions for good.
        if closed > 0 { openQueue.async { HeapTrim.returnFreeMemory() } }
    }

    /// Closes the least recently used room without members; false when every room is in use.
    private func evictLeastRecentlyUsedIdleRoom() -> Bool {
        let idle = rooms.values.filter(\.members.isEmpty)
        guard let victim = idle.min(by: { (lastUsed[$0.name] ?? 0, $0.name) < (lastUsed[$1.name] ?? 0, $1.name) }) else { return false }
        close(victim)
        return true
    }

    /// Takes a room out of service: its recognition is cancelled, then its writer commits what
    /// it was given and its log (and SQLite handles) is released; opens of the same session
    /// wait until then.
    private func close(_ room: SessionRoom) {
        rooms.removeValue(forKey: room.name)
        lastUsed.removeValue(forKey: room.name)
        closing[room.name] = []
        retireRoom(room)
        let writer = room.writer
        openQueue.async {
            writer.drain()
            self.inbox.post {
                let waiting = self.closing.removeValue(forKey: room.name) ?? []
                waiting.forEach { $0() }
            }
        }
    }

    /// Why a session was not created.
    enum CreationRefusal: Error {
        /// A client-minted id that is taken.
        case exists
    }

    /// Whether `name` has the form of a client-minted session id: `s-` and 32 lowercase hex
    /// digits (128 random bits), so two clients practically never pick the same one.
    static func isMintedSessionName(_ name: String) -> Bool {
        let digits = name.utf8.dropFirst(2)
        return name.hasPrefix("s-") && digits.count == 32 && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Creates a session named `name` (client-minted) or by the server (`s-` and 16 random hex
    /// digits), with fresh tokens, `author`'s secret bound to its id, and an optional title event
    /// by `author`; `completion` runs on the service thread.
    func create(name requested: String?, title: String?, author: String, authorSecretDigest: String,
                completion: @escaping (Result<(String, SessionCapabilities), Error>) -> Void) {
        let directory = directory
        openQueue.async {
            let created = Result { () throws -> (String, SessionCapabilities) in
                if let title { try ScreenName.check(title, what: "title") }
                var generator = SystemRandomNumberGenerator()
                let name = requested ?? "s-" + Hex.encode((0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
                if requested != nil, directory.exists(name) { throw CreationRefusal.exists }
                let log = try directory.create(name)
                do {
                    let capabilities = SessionCapabilities.mint()
                    try capabilities.store(in: log.store)
                    _ = try ClientSecrets.prove(clientId: author, secretDigest: authorSecretDigest, in: log.store)
                    if let title {
                        _ = try log.append([PendingEvent(author: author, clientOpID: "create:\(name)", payload: .metadataSet(MetadataChange(title: title)))], atomically: true)
                    }
                    return (name, capabilities)
                } catch {
                    directory.discardNewSession(name)
                    throw error
                }
            }
            self.inbox.post { completion(created) }
        }
    }

    /// Waits until every open session has committed what it was given. Not the service thread.
    func drainAll(_ rooms: [SessionRoom]) {
        rooms.forEach { $0.writer.drain() }
    }
}
