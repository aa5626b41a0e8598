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
    let results: ResultsService
    let logger: Logger
    /// What identities and addresses may spend, over all their connections.
    let budgets: Budgets
    /// Token checks, catch-up reads and state hashes.
    let blocking: BlockingPool
    /// When the tick next looks for idle sessions to close.
    private var nextIdleCheck = 0.0
    /// Whether the node is full: new sessions are refused while it is.
    private(set) var load: NodeLoad

    init(options: DaemonOptions, catalog: any SessionCatalog, transport: any ClientTransport, results: ResultsService, budgets: Budgets,
         blocking: BlockingPool, logger: Logger) {
        self.transport = transport
        self.results = results
        self.budgets = budgets
        self.blocking = blocking
        self.logger = logger
        load = NodeLoad(cpuCapacity: options.limits.cpuCapacity, maxAckDelay: Double(options.limits.maxAckDelayMs) / 1000)
        registry = SessionRegistry(
            catalog: catalog, blocking: blocking,
            idleSeconds: Double(options.limits.idleSeconds), maxOpenSessions: options.limits.maxOpenSessions,
            logger: logger,
            makeRoom: { [unowned self] writer, readers in self.makeRoom(writer: writer, readers: readers) },
            retireRoom: { room in room.scheduler.cancel() })
    }

    /// Called every tick: coalesced presence, and once a second idle rooms and spent budgets.
    /// Returns whether presence still waits to be relayed.
    func ticked() -> Bool {
        let presenceWaiting = relayDuePresence()
        load.sample(now: clock.seconds, oldestOpAwaitingCommit: registry.oldestOpAwaitingCommit)
        if clock.seconds >= nextIdleCheck {
            nextIdleCheck = clock.seconds + 1
            // The last session closed: what the recognizer kept for later results is for nobody.
            if registry.closeIdleRooms(now: clock.seconds) > 0, registry.isEmpty { results.forgetCachedWork() }
            budgets.prune(now: clock.seconds)
        }
        return presenceWaiting
    }

    /// Checks role and rate, then queues the op for the session's next group commit.
    func submit(_ event: EventPayload, clientOpId: String, from connection: Connection) {
        guard let membership = connection.membership, let identity = connection.identity else { return }
        guard membership.role == .edit else {
            return send(WireError(.readOnly, "this connection joined with a view token", clientOpId: clientOpId), to: connection)
        }
        if let refusal = spendOp(connection, clientOpId: clientOpId) { return send(refusal, to: connection) }
        let admitted: EventPayload
        switch limits.admission.admit(event, clientOpId: clientOpId) {
        case .success(let event): admitted = event
        case .failure(let refusal): return send(refusal, to: connection)
        }
        let now = clock.seconds
        registry.opSubmitted(in: membership.room, at: now)
        membership.room.writer.submit(.init(
            connectionID: connection.id, clientOpId: clientOpId,
            event: PendingEvent(author: identity.clientId, clientOpID: clientOpId, payload: admitted), receivedAt: now))
    }

    /// Takes one op from the identity's budget and the address's; the refusal when either is
    /// spent, saying when to try again (about the op `clientOpId`, when it is one). A refused
    /// connection is not read until then (at least ``minimumReadPause``): what it sends meanwhile
    /// waits in the socket instead of costing a decode and a refusal each.
    func spendOp(_ connection: Connection, clientOpId: String?) -> WireError? {
        guard let budget = connection.budget else { return nil }
        let now = clock.seconds
        let refusal: WireError
        if !budget.ops.take(now: now) {
            refusal = WireError(.rateLimited, "more than \(Int(limits.opsPerSecond)) ops a second (burst \(Int(limits.opBurst))) from this client, over all its connections",
                                clientOpId: clientOpId, retryAfterMs: budget.ops.millisecondsUntilNextToken(now: now))
        } else if !connection.addressBudget.ops.take(now: now) {
            refusal = WireError(.rateLimited, "more than \(Int(limits.opsPerSecond * limits.addressShare)) ops a second from this address",
                                clientOpId: clientOpId, retryAfterMs: connection.addressBudget.ops.millisecondsUntilNextToken(now: now))
        } else {
            return nil
        }
        transport.pauseReading(connection, until: now + max(Double(refusal.retryAfterMs ?? 0) / 1000, Self.minimumReadPause))
        return refusal
    }

    /// The shortest time a connection refused for its op rate goes unread.
    static let minimumReadPause = 0.1

    /// Builds the room for a freshly opened session: its writer's commit reports are awaited
    /// here until it closes, and its recognition scheduler starts on the state it opened with.
    private func makeRoom(writer: SessionWriter, readers: SessionReaderPool) -> SessionRoom {
        let name = writer.name
        let room = SessionRoom(name: name, writer: writer, readers: readers, scheduler: results.makeScheduler(session: name),
                               state: writer.openedState)
        writer.deliverCommits { [weak self] report in self?.committed(report, inSession: name) }
        results.scheduleRecognition(room)
        return room
    }

    /// A group commit finished: ack each sender, then broadcast the stored records.
    private func committed(_ report: SessionWriter.CommitReport, inSession name: String) {
        guard let room = registry.openRoom(name) else { return }
        room.headSeq = max(room.headSeq, report.headSeq)
        if report.state.lastSeq >= room.state.lastSeq { ReleaseQueue.release(room.replaceState(with: report.state)) }
        let now = clock.seconds
        registry.opsCommitted(report.results.count, in: room)
        for ((operation, result), reply) in zip(report.results, report.replies) {
            load.noteAck(delay: now - operation.receivedAt)
            if case .rejected(let error) = result, ["storage", "storage_unavailable", "corrupt_store"].contains(error.code) {
                logger.error("commit failed", metadata: ["session": "\(name)", "error": "\(error.code)"])
            }
            if let sender = connection(withID: operation.connectionID) { send(bytes: reply, to: sender) }
        }
        guard !report.stored.isEmpty else { return }
        broadcast(records: report.stored, encoded: report.encodedEvents, in: room)
        if report.externalRecords > 0 || report.results.contains(where: { Self.changesWhatIsShown($0.result) }) {
            results.scheduleRecognition(room)
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
            guard var membership = member.membership else { continue }
            guard membership.isLive else {
                membership.heldLive?.hold(records)
                member.membership = membership
                continue
            }
            let fresh = records.drop { $0.seq <= membership.deliveredSeq }
            guard let last = fresh.last else { continue }
            if fresh.count == records.count {
                if shared == nil { shared = OutgoingFrame(encoded) }
                send(frame: shared!, to: member)
            } else {
                send(EventsMessage(records: Array(fresh)), to: member)
            }
            membership.deliveredSeq = last.seq
            member.membership = membership
        }
    }
}
