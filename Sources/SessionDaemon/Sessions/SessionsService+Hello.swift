import SessionProtocol
import StrokeLog

/// The handshake and session creation.
extension SessionsService {
    /// Answers `hello`: checks the protocol version and the identity, then `welcome`.
    func greet(_ hello: ClientMessage.Hello, _ client: Client) {
        guard hello.protocolVersion == ProtocolVersion.current else {
            send(
                WireError(
                    .protocolMismatch,
                    "this server speaks protocol \(ProtocolVersion.current), not \(hello.protocolVersion)"), to: client)
            return close(client, code: 1002, reason: "protocol mismatch")
        }
        guard client.membership == nil else {
            return send(WireError(.invalidEvent, "hello again after join; reconnect instead"), to: client)
        }
        guard Identifier.isValid(hello.clientId) else {
            return send(WireError(.invalidIdentifier, "clientId must be 1-64 of A-Z a-z 0-9 _ . : -"), to: client)
        }
        guard let secret = hello.secret, ClientSecrets.isWellFormed(secret) else {
            return send(
                WireError(
                    .invalidIdentifier,
                    "hello needs a secret: 22-128 base64url characters (128 random bits or more), kept with the clientId"
                ), to: client)
        }
        let name =
            hello.name.map(TextLimit.participantName.truncated).flatMap { $0.isEmpty ? nil : $0 } ?? hello.clientId
        let color =
            hello.color.flatMap { (try? HexColor.check($0)) != nil ? $0.lowercased() : nil } ?? Stroke.defaultColor
        client.greet(
            as: ClientIdentity(
                clientId: hello.clientId, name: name, color: color,
                secretDigest: SessionCapabilities.digestHex(secret)))
        send(WelcomeMessage(limits: limits.advertised), to: client)
    }

    /// Answers `createSession` with the new session's tokens (within the address's rate).
    func createSession(title: String?, session: String?, for client: Client) {
        guard let identity = client.identity else { return }
        let name = session ?? client.pathSession
        if let name {
            guard name == client.pathSession || client.pathSession == nil else {
                return send(
                    WireError(
                        .wrongSession, "this connection is for session \(client.pathSession!); reconnect to /ws/\(name)"
                    ), to: client)
            }
            guard SessionRegistry.isMintedSessionName(name) else {
                return send(
                    WireError(
                        .invalidIdentifier,
                        "a session id a client mints is s- and 32 lowercase hex digits (128 random bits)"), to: client)
            }
        }
        let now = clock.seconds
        if let refusal = refusalWhileFull() { return send(refusal, to: client) }
        guard client.addressBudget.creates.take(now: now) else {
            return send(
                WireError(
                    .rateLimited,
                    "more than \(Int(limits.createsPerSecond)) new sessions a second (burst \(Int(limits.createBurst))) from this address",
                    retryAfterMs: client.addressBudget.creates.millisecondsUntilNextToken(now: now)), to: client)
        }
        let id = client.id
        Task.immediate {
            let reply: WireError
            do {
                let (name, capabilities) = try await self.registry.create(
                    name: name, title: title, author: identity.clientId, authorSecretDigest: identity.secretDigest)
                self.logger.info("session created", metadata: ["session": "\(name)"])
                guard let client = self.client(withID: id) else { return }
                return self.send(
                    SessionCreatedMessage(
                        session: name, editToken: capabilities.editToken, viewToken: capabilities.viewToken), to: client
                )
            } catch SessionRegistry.CreationRefusal.exists {
                reply = WireError(.sessionExists, "a session with this id exists; mint another id")
            } catch {
                reply = WireError.storage(error)
                if reply.code == .storageUnavailable || reply.code == .internalError {
                    self.logger.error("session creation failed", metadata: ["error": "\(error)"])
                }
            }
            if let client = self.client(withID: id) { self.send(reply, to: client) }
        }
    }
}
