import SessionProtocol
import StrokeLog

/// Handshake, session creation, joining and leaving.
extension SessionsService {
    /// Answers `hello`: checks the protocol version and the identity, then `welcome`.
    func greet(_ hello: ClientMessage.Hello, _ connection: Connection) {
        guard hello.protocolVersion == ProtocolVersion.current else {
            send(WireError(.protocolMismatch, "this server speaks protocol \(ProtocolVersion.current), not \(hello.protocolVersion)"), to: connection)
            return close(connection, code: 1002, reason: "protocol mismatch")
        }
        guard connection.membership == nil else {
            return send(WireError(.invalidEvent, "hello again after join; reconnect instead"), to: connection)
        }
        guard Identifier.isValid(hello.clientId) else {
            return send(WireError(.invalidIdentifier, "clientId must be 1-64 of A-Z a-z 0-9 _ . : -"), to: connection)
        }
        guard let secret = hello.secret, ClientSecrets.isWellFormed(secret) else {
            return send(WireError(.invalidIdentifier, "hello needs a secret: 22-128 base64url characters (128 random bits or more), kept with the clientId"), to: connection)
        }
        let name = hello.name.map(TextLimit.participantName.truncated).flatMap { $0.isEmpty ? nil : $0 } ?? hello.clientId
        let color = hello.color.flatMap { (try? HexColor.check($0)) != nil ? $0.lowercased() : nil } ?? Stroke.defaultColor
        connection.identity = ClientIdentity(clientId: hello.clientId, name: name, color: color,
                                             secretDigest: SessionCapabilities.digestHex(secret))
        send(WelcomeMessage(limits: limits.advertised), to: connection)
    }

    /// Answers `createSession` with the new session's tokens (within the address's rate).
    func createSession(title: String?, session: String?, for connection: Connection) {
        guard let identity = connection.identity else { return }
        let name = session ?? connection.pathSession
        if let name {
            guard name == connection.pathSession || connection.pathSession == nil else {
                return send(WireError(.wrongSession, "this connection is for session \(connection.pathSession!); reconnect to /ws/\(name)"), to: connection)
            }
            guard SessionRegistry.isMintedSessionName(name) else {
                return send(WireError(.invalidIdentifier, "a session id a client mints is s- and 32 lowercase hex digits (128 random bits)"), to: connection)
            }
        }
        let now = clock.seconds
        if let refusal = refusalWhileFull() { return send(refusal, to: connection) }
        guard connection.addressBudget.creates.take(now: now) else {
            return send(WireError(.rateLimited, "more than \(Int(limits.createsPerSecond)) new sessions a second (burst \(Int(limits.createBurst))) from this address",
                                  retryAfterMs: connection.addressBudget.creates.millisecondsUntilNextToken(now: now)), to: connection)
        }
        let id = connection.id
        Task.immediate {
            let reply: WireError
            do {
                let (name, capabilities) = try await self.registry.create(
                    name: name, title: title, author: identity.clientId, authorSecretDigest: identity.secretDigest)
                self.logger.info("session created", metadata: ["session": "\(name)"])
                guard let connection = self.connection(withID: id) else { return }
                return self.send(SessionCreatedMessage(session: name, editToken: capabilities.editToken, viewToken: capabilities.viewToken), to: connection)
            } catch SessionRegistry.CreationRefusal.exists {
                reply = WireError(.sessionExists, "a session with this id exists; mint another id")
            } catch {
                reply = WireError.storage(error)
                if reply.code == .storageUnavailable || reply.code == .internalError {
                    self.logger.error("session creation failed", metadata: ["error": "\(error)"])
                }
            }
            if let connection = self.connection(withID: id) { self.send(reply, to: connection) }
        }
    }

    /// Starts a `join`: checks what can be checked here, then the token, the room and the
    /// identity off the service thread.
    func join(_ join: ClientMessage.Join, _ connection: Connection) {
        guard connection.membership == nil else {
            return send(WireError(.invalidEvent, "this connection has joined a session already"), to: connection)
        }
        if let pathSession = connection.pathSession, pathSession != join.session {
            return send(WireError(.wrongSession, "this connection is for session \(pathSession); reconnect to /ws/\(join.session)"), to: connection)
        }
        let lastSeq = join.lastSeq ?? 0
        guard lastSeq >= 0 else { return send(WireError(.invalidNumber, "lastSeq must not be negative"), to: connection) }
        if let refusal = spendJoinAttempt(connection) { return send(refusal, to: connection) }
        if registry.openRoom(join.session) == nil, let refusal = refusalWhileFull() { return send(refusal, to: connection) }
        Task.immediate { await self.enter(join, connection, lastSeq: lastSeq) }
    }

    /// Checks the token, opens the room, proves the identity, then admits.
    private func enter(_ join: ClientMessage.Join, _ connection: Connection, lastSeq: Int64) async {
        let id = connection.id
        let result = await registry.admit(join.session, token: join.token, now: clock.seconds)
        guard let connection = self.connection(withID: id), connection.membership == nil else { return }
        let room: SessionRoom, role: SessionCapabilities.Role
        switch result {
        case .success(let admitted): (room, role) = admitted
        case .failure(.badToken):
            // An unknown session and a wrong token look the same, so names cannot be probed.
            connection.addressBudget.tokenFailures.fail(now: clock.seconds)
            return send(WireError(.badToken, "unknown session or wrong token"), to: connection)
        case .failure(.busy):
            return send(.busy("the token check"), to: connection)
        case .failure(.full(let limit)):
            return send(WireError(.sessionsFull, "this server holds \(limit) open sessions, all in use; try again later"), to: connection)
        case .failure(.storage(let error)):
            // Descriptors, permissions or the disk, not the link: say so, so it is kept.
            logger.error("a session could not be opened", metadata: ["error": "\(error)"])
            return send(WireError.storage(error), to: connection)
        }
        guard await proveIdentity(of: connection, in: room) else { return }
        // The room may have been closed to make room while the secret was checked.
        guard registry.openRoom(room.name) === room else { return self.join(join, connection) }
        guard room.members.count < limits.maxParticipants else {
            return send(WireError(.sessionFull, "the session has \(room.members.count) participants; the limit is \(limits.maxParticipants)"), to: connection)
        }
        guard lastSeq <= room.headSeq else {
            // The session came back from a backup older than what this client folded.
            return send(WireError(.historyRewound, "the session's log ends at seq \(room.headSeq), before your \(lastSeq): it was restored from a backup; fold again from seq 0"), to: connection)
        }
        admit(connection, to: room, role: role, lastSeq: lastSeq)
    }

    /// `sessions_full` while the node is full (``NodeLoad``): a session it does not hold already
    /// is better served elsewhere, or later.
    private func refusalWhileFull() -> WireError? {
        let now = clock.seconds
        guard load.isFull(now: now) else { return nil }
        return WireError(.sessionsFull, "this server is at its capacity (CPU or ack delay); try another or again later",
                         retryAfterMs: load.retryAfterMilliseconds(now: now))
    }

    /// Takes one join attempt from the address's budget; refused while wrong tokens from the
    /// address are being waited out (exponential back-off) or when attempts come too fast.
    private func spendJoinAttempt(_ connection: Connection) -> WireError? {
        let now = clock.seconds
        let budget = connection.addressBudget
        let backOff = budget.tokenFailures.millisecondsToWait(now: now)
        if backOff > 0 {
            return WireError(.rateLimited, "too many wrong tokens from this address; try again later", retryAfterMs: backOff)
        }
        guard budget.joins.take(now: now) else {
            return WireError(.rateLimited, "more than \(Int(limits.joinsPerSecond)) joins a second from this address",
                             retryAfterMs: budget.joins.millisecondsUntilNextToken(now: now))
        }
        return nil
    }

    /// Admits only a client that proves the secret bound to its id in the session (or binds
    /// one, for an id new to it): nobody can undo, retry or appear as someone else. False when
    /// the connection was refused (and told why) or is gone.
    ///
    /// An id already bound is proven by a read beside the writer; only a new id waits for the
    /// writer, to bind it.
    private func proveIdentity(of connection: Connection, in room: SessionRoom) async -> Bool {
        guard let identity = connection.identity else { return false }
        let id = connection.id, readers = room.readers
        let refusal: WireError
        do {
            let bound = try await blocking.run {
                try readers.read { try ClientSecrets.proveBound(clientId: identity.clientId, secretDigest: identity.secretDigest, in: $0) }
            }
            let proof: ClientSecrets.Proof
            if let bound {
                proof = bound
            } else {
                proof = try await room.writer.prove(clientId: identity.clientId, secretDigest: identity.secretDigest)
            }
            switch proof {
            case .registered, .proven:
                return self.connection(withID: id)?.membership == nil
            case .refused:
                refusal = WireError(.identityTaken, "another client holds the id '\(identity.clientId)' in this session; say hello with its secret or another id")
            }
        } catch is BlockingPool.Busy {
            refusal = .busy("the secret check")
        } catch {
            logger.error("a client's secret could not be checked", metadata: ["error": "\(error)"])
            refusal = WireError.storage(error)
        }
        if let connection = self.connection(withID: id), connection.membership == nil { send(refusal, to: connection) }
        return false
    }

    private func admit(_ connection: Connection, to room: SessionRoom, role: SessionCapabilities.Role, lastSeq: Int64) {
        guard let identity = connection.identity else { return }
        connection.membership = Membership(room: room, role: role, catchUpAfter: lastSeq, deliveredSeq: lastSeq)
        connection.budget = budgets.identity(identity.clientId, inSession: room.name, now: clock.seconds)
        room.add(connection)
        send(JoinedMessage(session: room.name, role: role, headSeq: room.headSeq, you: identity.clientId, participants: room.participants), to: connection)
        let announcement = JSONWire.encode(ParticipantMessage(ParticipantInfo(clientId: identity.clientId, name: identity.name, color: identity.color, role: role)))
        broadcast(bytes: announcement, in: room, excluding: connection, includingCatchingUp: true)
        readNextCatchUp(connection)
    }

    /// Removes a closed connection from its session and tells the others.
    func leaveSession(_ connection: Connection) {
        guard let room = connection.membership?.room, let identity = connection.identity else { return }
        room.remove(connection)
        connection.membership = nil
        registry.touch(room, now: clock.seconds)
        if room.members.isEmpty {
            // Nobody left to catch up or replay: give the readers' descriptors back until then.
            let readers = room.readers
            Task.immediate { _ = try? await self.blocking.run { readers.closeKeptConnections() } }
        }
        if !room.hasOtherConnection(of: identity.clientId, than: connection) {
            broadcast(bytes: JSONWire.encode(LeftMessage(clientId: identity.clientId)), in: room, includingCatchingUp: true)
        }
    }
}

