import SessionProtocol
import StrokeLog

/// A session as the service thread sees it: who is in it, how far its log has got, and the
/// state it is at. The log itself belongs to the ``SessionWriter``.
@ServiceLoop
final class SessionRoom {
    let name: String
    let writer: SessionWriter
    /// Read-only connections beside the writer: catch-up, token checks, replays and exports.
    let readers: SessionReaderPool
    /// The newest committed state the service thread knows of (from the commit reports), what
    /// recognition runs on.
    private(set) var state: SessionState
    /// Joined connections in join order.
    private(set) var members: [Client] = []
    /// The newest committed seq the service thread knows of.
    var headSeq: Int64
    /// When each op submitted to the writer and not yet reported committed reached the service
    /// thread, oldest first (a writer reports its ops in submission order). Changed through the
    /// registry (``SessionRegistry/opSubmitted(in:at:)``), which keeps the rooms that have some.
    fileprivate(set) var opsAwaitingCommit: [Double] = []

    init(name: String, writer: SessionWriter, readers: SessionReaderPool, state: SessionState) {
        self.name = name
        self.writer = writer
        self.readers = readers
        self.state = state
        headSeq = state.lastSeq
    }

    /// Takes `newer` as ``state``; returns the one it replaces.
    func replaceState(with newer: SessionState) -> SessionState {
        defer { state = newer }
        return state
    }

    func add(_ client: Client) { members.append(client) }

    func remove(_ client: Client) { members.removeAll { $0 === client } }

    /// The participants in join order, one entry per client id.
    var participants: [ParticipantInfo] {
        var seen = Set<String>()
        return members.compactMap { member in
            guard let identity = member.identity, let role = member.membership?.role,
                seen.insert(identity.clientId).inserted
            else { return nil }
            return ParticipantInfo(clientId: identity.clientId, name: identity.name, color: identity.color, role: role)
        }
    }

    /// Whether another connection of the same client is still here (a reconnect overlapping
    /// the old connection's hang-up), in which case the client has not left.
    func hasOtherConnection(of clientId: String, than client: Client) -> Bool {
        members.contains { $0 !== client && $0.identity?.clientId == clientId }
    }
}

extension SessionRegistry {
    /// An op of `room` went to its writer at `now`.
    func opSubmitted(in room: SessionRoom, at now: Double) {
        room.opsAwaitingCommit.append(now)
        noteAwaitingCommit(room)
    }

    /// `room`'s writer reported `count` more ops committed (in submission order).
    func opsCommitted(_ count: Int, in room: SessionRoom) {
        room.opsAwaitingCommit.removeFirst(min(count, room.opsAwaitingCommit.count))
        noteAwaitingCommit(room)
    }
}
