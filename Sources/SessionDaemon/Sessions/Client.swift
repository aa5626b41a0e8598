import SessionProtocol
import StrokeLog

/// A connection as the sessions service sees it: who it said it is, the session it joined and
/// how far its catch-up has got, what it may spend, and its newest presence not yet relayed.
/// The transport's side of it (queue, closing, reassembly) stays on its ``Connection``.
@ServiceLoop
final class Client {
    let connection: Connection
    /// Where it is: connected, greeted (after `hello`) or in a session.
    private(set) var stage = Stage.connected
    /// The newest presence not yet relayed.
    var pendingPresence: ClientMessage.PresenceUpdate?

    /// Where a client is, and what it has at each point.
    enum Stage {
        /// Connected; it has not said `hello`.
        case connected
        /// Said `hello`; not in a session.
        case greeted(ClientIdentity)
        /// In a session, with what its identity may spend there (shared by its other connections).
        case joined(ClientIdentity, Membership, IdentityBudget)
    }

    init(connection: Connection) {
        self.connection = connection
    }

    var id: Int { connection.id }
    /// What the peer address may spend (shared with its other connections).
    var addressBudget: AddressBudget { connection.addressBudget }
    /// The session named by the upgrade path (`/ws/<session>`), the only one it may join or
    /// create; nil on plain `/ws`.
    var pathSession: String? { connection.pathSession }

    /// Who the client said it is; nil before `hello`.
    var identity: ClientIdentity? {
        switch stage {
        case .connected: nil
        case .greeted(let identity), .joined(let identity, _, _): identity
        }
    }

    /// Its place in the session it joined; nil before `join` and after leaving.
    var membership: Membership? {
        if case .joined(_, let membership, _) = stage { membership } else { nil }
    }

    /// What its identity may spend in its session; nil before `join`.
    var budget: IdentityBudget? {
        if case .joined(_, _, let budget) = stage { budget } else { nil }
    }

    /// After `hello` (again, it replaces the identity; after `join` it is refused before this).
    func greet(as identity: ClientIdentity) {
        if case .joined = stage { return }
        stage = .greeted(identity)
    }

    /// In `membership`'s session now, spending from `budget`.
    func join(_ membership: Membership, spending budget: IdentityBudget) {
        guard case .greeted(let identity) = stage else { return }
        stage = .joined(identity, membership, budget)
    }

    /// Changes its membership in place; nothing when it is not in a session.
    func updateMembership(_ change: (inout Membership) -> Void) {
        guard case .joined(let identity, var membership, let budget) = stage else { return }
        change(&membership)
        stage = .joined(identity, membership, budget)
    }

    /// Out of its session (the connection closed).
    func leave() {
        guard case .joined(let identity, _, _) = stage else { return }
        stage = .greeted(identity)
    }
}

/// What `hello` said.
struct ClientIdentity {
    var clientId: String
    var name: String
    var color: String
    /// SHA-256 (hex) of the secret that proves `clientId` in the sessions it joins.
    var secretDigest: String
}

/// A client's place in a session.
struct Membership {
    let room: SessionRoom
    let role: SessionCapabilities.Role
    /// The newest seq this client has been sent; live broadcasts skip what is not newer.
    var deliveredSeq: Int64
    var catchUp: CatchUp

    var isLive: Bool {
        if case .live = catchUp { true } else { false }
    }
}

/// How far a member's catch-up from the log has got.
enum CatchUp {
    /// Behind: it has what the log holds up to `after`; `reading` while the next batch is read.
    case behind(after: Int64, reading: Bool)
    /// The read that reaches the head is in flight: what is committed meanwhile is held and sent
    /// after `caughtUp`.
    case reachingHead(HeldLive)
    /// Caught up: it gets every commit as it is broadcast.
    case live
}

/// Records committed while a client's last catch-up read is in flight.
struct HeldLive {
    /// The head that read reaches; only newer records are held.
    let after: Int64
    var records: [EventRecord] = []

    mutating func hold(_ committed: [EventRecord]) {
        let newest = records.last?.seq ?? after
        records += committed.drop { $0.seq <= newest }
    }
}

/// Answering a client reads as answering its connection.
extension TransportUser {
    func send(bytes: [UInt8], to client: Client) { send(bytes: bytes, to: client.connection) }

    func send(frame: OutgoingFrame, to client: Client) { send(frame: frame, to: client.connection) }

    func send<Message: Encodable>(_ message: Message, to client: Client) { send(message, to: client.connection) }

    func send(_ error: WireError, to client: Client) { send(error, to: client.connection) }

    func close(_ client: Client, code: Int, reason: String) { close(client.connection, code: code, reason: reason) }
}
