import Logging
import SessionProtocol
import StrokeLog

/// The sessions: the registry of open rooms, joining and leaving, catch-up, durable ops
/// (admission, group commit, acks and broadcast), live ink and presence, and share links.
/// Each concern is in a `SessionsService+*.swift` file.
@ServiceLoop
final class SessionsService: TransportUser {
    let transport: any ClientTransport
    private(set) var registry: SessionRegistry!
    /// Derives results from the rooms (the results service).
    unowned let observer: any RoomObserver
    /// Every open connection's client, by connection id.
    private(set) var clients: [Int: Client] = [:]
    let logger: Logger
    /// What identities and addresses may spend, over all their connections.
    let budgets: Budgets
    /// Token checks, catch-up reads and state hashes.
    let blocking: BlockingPool
    /// When the tick next looks for idle sessions to close.
    private var nextIdleCheck = 0.0
    /// Whether the node is full: new sessions are refused while it is.
    private(set) var load: NodeLoad

    init(
        options: DaemonOptions, catalog: any SessionCatalog, transport: any ClientTransport, observer: any RoomObserver,
        budgets: Budgets,
        blocking: BlockingPool, logger: Logger
    ) {
        self.transport = transport
        self.observer = observer
        self.budgets = budgets
        self.blocking = blocking
        self.logger = logger
        load = NodeLoad(
            cpuCapacity: options.limits.cpuCapacity, maxAckDelay: Double(options.limits.maxAckDelayMs) / 1000)
        registry = SessionRegistry(
            catalog: catalog, blocking: blocking,
            idleSeconds: Double(options.limits.idleSeconds), maxOpenSessions: options.limits.maxOpenSessions,
            logger: logger,
            makeRoom: { [unowned self] writer, readers in self.makeRoom(writer: writer, readers: readers) },
            retireRoom: { [unowned self] room in self.observer.closed(room) })
    }

    /// Called every tick: coalesced presence, and once a second idle rooms and spent budgets.
    /// Returns whether presence still waits to be relayed.
    func ticked() -> Bool {
        let presenceWaiting = relayDuePresence()
        load.sample(now: clock.seconds, oldestOpAwaitingCommit: registry.oldestOpAwaitingCommit)
        if clock.seconds >= nextIdleCheck {
            nextIdleCheck = clock.seconds + 1
            // The last session closed: what the recognizer kept for later results is for nobody.
            if registry.closeIdleRooms(now: clock.seconds) > 0, registry.isEmpty { observer.allRoomsClosed() }
            budgets.prune(now: clock.seconds)
        }
        return presenceWaiting
    }

    /// Checks role and rate, then queues the op for the session's next group commit.
    func submit(_ event: EventPayload, clientOpId: String, from client: Client) {
        guard let membership = client.membership, let identity = client.identity else { return }
        guard membership.role == .edit else {
            return send(
                WireError(.readOnly, "this connection joined with a view token", clientOpId: clientOpId), to: client)
        }
        if let refusal = spendOp(client, clientOpId: clientOpId) { return send(refusal, to: client) }
        let admitted: PendingEvent
        switch limits.admission.admit(event, author: identity.clientId, clientOpId: clientOpId) {
        case .success(let checked): admitted = checked
        case .failure(let refusal): return send(refusal, to: client)
        }
        let now = clock.seconds
        registry.opSubmitted(in: membership.room, at: now)
        membership.room.writer.submit(
            .init(
                connectionID: client.id, clientOpId: clientOpId,
                event: admitted, receivedAt: now))
    }

    /// Takes one op from the identity's budget and the address's; the refusal when either is
    /// spent, saying when to try again (about the op `clientOpId`, when it is one). A refused
    /// client is not read until then (at least ``minimumReadPause``): what it sends meanwhile
    /// waits in the socket instead of costing a decode and a refusal each.
    func spendOp(_ client: Client, clientOpId: String?) -> WireError? {
        guard let budget = client.budget else { return nil }
        let now = clock.seconds
        let refusal: WireError
        if !budget.ops.take(now: now) {
            refusal = WireError(
                .rateLimited,
                "more than \(Int(limits.opsPerSecond)) ops a second (burst \(Int(limits.opBurst))) from this client, over all its connections",
                clientOpId: clientOpId, retryAfterMs: budget.ops.millisecondsUntilNextToken(now: now))
        } else if !client.addressBudget.ops.take(now: now) {
            refusal = WireError(
                .rateLimited,
                "more than \(Int(limits.opsPerSecond * limits.addressShare)) ops a second from this address",
                clientOpId: clientOpId, retryAfterMs: client.addressBudget.ops.millisecondsUntilNextToken(now: now))
        } else {
            return nil
        }
        transport.pauseReading(
            client.connection, until: now + max(Double(refusal.retryAfterMs ?? 0) / 1000, Self.minimumReadPause))
        return refusal
    }

    /// The shortest time a client refused for its op rate goes unread.
    static let minimumReadPause = 0.1

    /// The client of an open connection (made on its first message).
    func client(for connection: Connection) -> Client {
        if let client = clients[connection.id] { return client }
        let client = Client(connection: connection)
        clients[connection.id] = client
        return client
    }

    /// The client of a connection that may have closed while work for it was under way.
    func client(withID id: Int) -> Client? { clients[id] }

    /// Forgets the client of a closed connection: it leaves its session, and the others are told.
    func closed(_ connection: Connection) {
        guard let client = clients.removeValue(forKey: connection.id) else { return }
        leaveSession(client)
    }

    /// Builds the room for a freshly opened session: its writer's commit reports are awaited
    /// here until it closes, and the observer derives results from the state it opened with.
    private func makeRoom(writer: SessionWriter, readers: SessionReaderPool) -> SessionRoom {
        let name = writer.name
        let room = SessionRoom(name: name, writer: writer, readers: readers, state: writer.openedState)
        writer.deliverCommits { [weak self, weak room] report in self?.committed(report, in: room, session: name) }
        observer.opened(room)
        return room
    }

    /// A group commit finished: ack each sender, then broadcast the stored records.
    /// The room is the one the writer was opened for, while anything holds it: a room closed
    /// (idle, or at shutdown, whose writer commits what it was given) still acks each sender and
    /// broadcasts to the members it still has.
    private func committed(_ report: SessionWriter.CommitReport, in room: SessionRoom?, session name: String) {
        let now = clock.seconds
        if let room {
            room.headSeq = max(room.headSeq, report.headSeq)
            if report.state.lastSeq >= room.state.lastSeq {
                ReleaseQueue.release(room.replaceState(with: report.state))
            }
            if registry.openRoom(room.name) === room { registry.opsCommitted(report.results.count, in: room) }
        }
        for ((operation, result), reply) in zip(report.results, report.replies) {
            load.noteAck(delay: now - operation.receivedAt)
            if case .rejected(let error) = result,
                ["storage", "storage_unavailable", "corrupt_store"].contains(error.code)
            {
                logger.error("commit failed", metadata: ["session": "\(name)", "error": "\(error.code)"])
            }
            if let sender = client(withID: operation.connectionID) { send(bytes: reply, to: sender) }
        }
        guard let room, !report.stored.isEmpty else { return }
        broadcast(records: report.stored, encoded: report.encodedEvents, in: room)
        if report.externalRecords > 0 || report.results.contains(where: { Self.changesWhatIsShown($0.result) }) {
            observer.changed(room)
        }
    }

    /// Whether a stored op changed the state (an undo with nothing to undo changes nothing, so
    /// it needs no new recognition).
    private static func changesWhatIsShown(_ result: SessionLog.Result) -> Bool {
        guard case .stored(_, let outcome) = result else { return false }
        switch outcome {
        case .nothingToUndo, .noEffect: return false
        case .applied, .undid, .redid: return true
        }
    }

    /// Sends stored records to every live member, each getting only what it has not had, and
    /// holds them for a member whose last catch-up read is in flight. `encoded` is the `events`
    /// message of all of `records`, what nearly every member gets.
    private func broadcast(records: [EventRecord], encoded: [UInt8], in room: SessionRoom) {
        var shared: OutgoingFrame?
        for member in room.members {
            member.updateMembership { membership in
                switch membership.catchUp {
                case .reachingHead(var held):
                    held.hold(records)
                    membership.catchUp = .reachingHead(held)
                case .behind:
                    break
                case .live:
                    let fresh = records.drop { $0.seq <= membership.deliveredSeq }
                    guard let last = fresh.last else { return }
                    if fresh.count == records.count {
                        if shared == nil { shared = OutgoingFrame(encoded) }
                        send(frame: shared!, to: member)
                    } else {
                        send(EventsMessage(records: Array(fresh)), to: member)
                    }
                    membership.deliveredSeq = last.seq
                }
            }
        }
    }
}
