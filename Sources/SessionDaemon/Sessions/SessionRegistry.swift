import Dispatch
import Foundation
import StrokeLog

/// Opens and creates sessions off the service thread and keeps the open ones.
///
/// Opening folds the whole log, which can take a while for long sessions, so it runs on its own
/// queue; joins that arrive meanwhile wait for the same open. Service thread, except the work
/// posted to `openQueue`.
final class SessionRegistry {
    private let directory: SessionDirectory
    private let inbox: ServiceInbox
    private let openQueue = DispatchQueue(label: "sketchd.sessions.open")
    private var rooms: [String: SessionRoom] = [:]
    private var waiting: [String: [(Result<SessionRoom, Error>) -> Void]] = [:]
    /// Builds a room around a freshly opened log (wires commits and recognition).
    private let makeRoom: (SessionLog) -> SessionRoom

    init(directory: SessionDirectory, inbox: ServiceInbox, makeRoom: @escaping (SessionLog) -> SessionRoom) {
        self.directory = directory
        self.inbox = inbox
        self.makeRoom = makeRoom
    }

    /// Every open room.
    var openRooms: [SessionRoom] { rooms.keys.sorted().compactMap { rooms[$0] } }

    /// The open room of `name`, if it is open.
    func openRoom(_ name: String) -> SessionRoom? { rooms[name] }

    /// The room of `name`, opening it if needed; `completion` runs on the service thread.
    /// Unknown and malformed names fail with `StrokeLogError.unknownSession`.
    func room(named name: String, completion: @escaping (Result<SessionRoom, Error>) -> Void) {
        if let room = rooms[name] { return completion(.success(room)) }
        guard Identifier.isValid(name) else { return completion(.failure(StrokeLogError.unknownSession(name))) }
        if waiting[name] != nil {
            waiting[name]!.append(completion)
            return
        }
        waiting[name] = [completion]
        let directory = directory
        openQueue.async {
            let opened = Result { try directory.open(name) }
            self.inbox.post { self.finishOpening(name, opened) }
        }
    }

    private func finishOpening(_ name: String, _ opened: Result<SessionLog, Error>) {
        let result = opened.map { log in rooms[name] ?? makeRoom(log) }
        if case .success(let room) = result { rooms[name] = room }
        let completions = waiting.removeValue(forKey: name) ?? []
        completions.forEach { $0(result) }
    }

    /// Creates a new session named `s-` and 16 random hex digits, with fresh tokens and an
    /// optional title event by `author`; `completion` runs on the service thread.
    func create(title: String?, author: String, completion: @escaping (Result<(String, SessionCapabilities), Error>) -> Void) {
        let directory = directory
        openQueue.async {
            let created = Result { () throws -> (String, SessionCapabilities) in
                if let title { try ScreenName.check(title, what: "title") }
                var generator = SystemRandomNumberGenerator()
                let name = "s-" + Hex.encode((0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
                let log = try directory.create(name)
                do {
                    let capabilities = SessionCapabilities.mint()
                    try capabilities.store(in: log.store)
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
