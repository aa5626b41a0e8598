import SessionProtocol
import StrokeLog

/// Joining and leaving.
extension SessionsService {
    /// Starts a `join`: checks what can be checked here, then the token, the room and the
    /// identity off the service thread.
    func join(_ join: ClientMessage.Join, _ client: Client) {
        guard client.membership == nil else {
            return send(WireError(.invalidEvent, "this connection has joined a session already"), to: client)
        }
        if let pathSession = client.pathSession, pathSession != join.session {
            return send(
                WireError(
                    .wrongSession, "this connection is for session \(pathSession); reconnect to /ws/\(join.session)"),
                to: client)
        }
        let lastSeq = join.lastSeq ?? 0
        guard lastSeq >= 0 else { return send(WireError(.invalidNumber, "lastSeq must not be negative"), to: client) }
        if let refusal = spendJoinAttempt(client) { return send(refusal, to: client) }
        if registry.openRoom(join.session) == nil, let refusal = refusalWhileFull() { return send(refusal, to: client) }
        Task.immediate { await self.enter(join, client, lastSeq: lastSeq) }
    }

    /// Checks the token, opens the room, proves the identity, then admits.
    private func enter(_ join: ClientMessage.Join, _ client: Client, lastSeq: Int64) async {
        let id = client.id
        let result = await registry.admit(join.session, token: join.token, now: clock.seconds)
        guard let client = self.client(withID: id), client.membership == nil else { return }
        let room: SessionRoom
        let role: SessionCapabilities.Role
        switch result {
        case .success(let admitted): (room, role) = admitted
        case .failure(.badToken):
            // An unknown session and a wrong token look the same, so names cannot be probed.
            client.addressBudget.tokenFailures.fail(now: clock.seconds)
            return send(WireError(.badToken, "unknown session or wrong token"), to: client)
        case .failure(.busy):
            return send(.busy("the token check"), to: client)
        case .failure(.full(let limit)):
            return send(
                WireError(.sessionsFull, "this server holds \(limit) open sessions, all in use; try again later"),
                to: client)
        case .failure(.storage(let error)):
            // Descriptors, permissions or the disk, not the link: say so, so it is kept.
            logger.error("a session could not be opened", metadata: ["error": "\(error)"])
            return send(WireError.storage(error), to: client)
        }
        guard await proveIdentity(of: client, in: room) else { return }
        // The room may have been closed to make room while the secret was checked.
        guard registry.openRoom(room.name) === room else { return self.join(join, client) }
        guard room.members.count < limits.maxParticipants else {
            return send(
                WireError(
                    .sessionFull,
                    "the session has \(room.members.count) participants; the limit is \(limits.maxParticipants)"),
                to: client)
        }
        guard lastSeq <= room.headSeq else {
            // The session came back from a backup older than what this client folded.
            return send(
                WireError(
                    .historyRewound,
                    "the session's log ends at seq \(room.headSeq), before your \(lastSeq): it was restored from a backup; fold again from seq 0"
                ), to: client)
        }
        admit(client, to: room, role: role, lastSeq: lastSeq)
    }

    /// `sessions_full` while the node is full (``NodeLoad``): a session it does not hold already
    /// is better served elsewhere, or later.
    func refusalWhileFull() -> WireError? {
        let now = clock.seconds
        guard load.isFull(now: now) else { return nil }
        return WireError(
            .sessionsFull, "this server is at its capacity (CPU or ack delay); try another or again later",
            retryAfterMs: load.retryAfterMilliseconds(now: now))
    }

    /// Takes one join attempt from the address's budget; refused while wrong tokens from the
    /// address are being waited out (exponential back-off) or when attempts come too fast.
    private func spendJoinAttempt(_ client: Client) -> WireError? {
        let now = clock.seconds
        let budget = client.addressBudget
        let backOff = budget.tokenFailures.millisecondsToWait(now: now)
        if backOff > 0 {
            return WireError(
                .rateLimited, "too many wrong tokens from this address; try again later", retryAfterMs: backOff)
        }
        guard budget.joins.take(now: now) else {
            return WireError(
                .rateLimited, "more than \(Int(limits.joinsPerSecond)) joins a second from this address",
                retryAfterMs: budget.joins.millisecondsUntilNextToken(now: now))
        }
        return nil
    }

    /// Admits only a client that proves the secret bound to its id in the session (or binds
    /// one, for an id new to it): nobody can undo, retry or appear as someone else. False when
    /// the client was refused (and told why) or is gone.
    ///
    /// An id already bound is proven by a read beside the writer; only a new id waits for the
    /// writer, to bind it.
    private func proveIdentity(of client: Client, in room: SessionRoom) async -> Bool {
        guard let identity = client.identity else { return false }
        let id = client.id
        let readers = room.readers
        let refusal: WireError
        do {
            let bound = try await blocking.run {
                try readers.read {
                    try ClientSecrets.proveBound(
                        clientId: identity.clientId, secretDigest: identity.secretDigest, in: $0)
                }
            }
            let proof: ClientSecrets.Proof
            if let bound {
                proof = bound
            } else {
                proof = try await room.writer.prove(clientId: identity.clientId, secretDigest: identity.secretDigest)
            }
            switch proof {
            case .registered, .proven:
                return self.client(withID: id)?.membership == nil
            case .refused:
                refusal = WireError(
                    .identityTaken,
                    "another client holds the id '\(identity.clientId)' in this session; say hello with its secret or another id"
                )
            }
        } catch is BlockingPool.Busy {
            refusal = .busy("the secret check")
        } catch {
            logger.error("a client's secret could not be checked", metadata: ["error": "\(error)"])
            refusal = WireError.storage(error)
        }
        if let client = self.client(withID: id), client.membership == nil { send(refusal, to: client) }
        return false
    }

    private func admit(_ client: Client, to room: SessionRoom, role: SessionCapabilities.Role, lastSeq: Int64) {
        guard let identity = client.identity else { return }
        client.join(
            Membership(room: room, role: role, deliveredSeq: lastSeq, catchUp: .behind(after: lastSeq, reading: false)),
            spending: budgets.identity(identity.clientId, inSession: room.name, now: clock.seconds))
        room.add(client)
        send(
            JoinedMessage(
                session: room.name, role: role, headSeq: room.headSeq, you: identity.clientId,
                participants: room.participants), to: client)
        let announcement = JSONWire.encode(
            ParticipantMessage(
                ParticipantInfo(clientId: identity.clientId, name: identity.name, color: identity.color, role: role)))
        broadcast(bytes: announcement, in: room, excluding: client, includingCatchingUp: true)
        readNextCatchUp(client)
    }

    /// Takes a client out of its session and tells the others (unless it is still there on
    /// another connection).
    func leaveSession(_ client: Client) {
        guard let room = client.membership?.room, let identity = client.identity else { return }
        room.remove(client)
        client.leave()
        registry.touch(room, now: clock.seconds)
        if room.members.isEmpty {
            // Nobody left to catch up or replay: give the readers' descriptors back until then.
            let readers = room.readers
            Task.immediate { _ = try? await self.blocking.run { readers.closeKeptConnections() } }
        }
        if !room.hasOtherConnection(of: identity.clientId, than: client) {
            broadcast(
                bytes: JSONWire.encode(LeftMessage(clientId: identity.clientId)), in: room, includingCatchingUp: true)
        }
    }
}
