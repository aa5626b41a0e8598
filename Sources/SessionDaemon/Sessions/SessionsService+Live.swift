import SessionProtocol
import StrokeLog

/// Live ink and presence: relayed to the session, never stored.
extension SessionsService {
    /// Relays the points of a stroke being drawn to the other members.
    func relay(_ ink: ClientMessage.InkUpdate, from connection: Connection) {
        guard let membership = connection.membership, let identity = connection.identity else { return }
        guard membership.role == .edit else {
            return send(WireError(.readOnly, "this connection joined with a view token"), to: connection)
        }
        guard let budget = connection.budget else { return }
        let now = clock.seconds
        guard budget.ink.take(now: now), connection.addressBudget.ink.take(now: now) else {
            // Ink over the limit is dropped; say so at most once a second.
            if now - budget.lastInkErrorAt >= 1 {
                budget.lastInkErrorAt = now
                send(WireError(.rateLimited, "more than \(Int(limits.inkPerSecond)) ink messages a second from this client (or twice that from this address); extra ink is dropped",
                               retryAfterMs: max(budget.ink.millisecondsUntilNextToken(now: now), connection.addressBudget.ink.millisecondsUntilNextToken(now: now))), to: connection)
            }
            return
        }
        if let problem = Self.problem(with: ink, maxPoints: limits.maxPointsPerStroke) { return send(problem, to: connection) }
        let relay = InkRelayMessage(from: identity.clientId, strokeId: ink.strokeId, screen: ink.screen, points: ink.points,
                                    color: ink.color, width: ink.width)
        broadcast(bytes: JSONWire.encode(relay), in: membership.room, excluding: connection, includingCatchingUp: true)
    }

    /// The first thing wrong with an ink message, if any.
    static func problem(with ink: ClientMessage.InkUpdate, maxPoints: Int) -> WireError? {
        guard Identifier.isValid(ink.strokeId), Identifier.isValid(ink.screen) else {
            return WireError(.invalidIdentifier, "ink needs a valid strokeId and screen")
        }
        guard ink.points.count <= maxPoints else {
            return WireError(.tooManyPoints, "an ink message has \(ink.points.count) points; the limit is \(maxPoints)")
        }
        guard ink.points.allSatisfy({ (2...4).contains($0.count) && $0.allSatisfy(\.isFinite) }), ink.width?.isFinite ?? true else {
            return WireError(.invalidNumber, "ink points are 2 to 4 finite numbers")
        }
        if let color = ink.color, (try? HexColor.check(color)) == nil {
            return WireError(.invalidEvent, "ink colour must be #rgb or #rrggbb")
        }
        return nil
    }

    /// Relays a cursor at most `presenceHz` times a second per identity (over all its
    /// connections); extra updates keep only the newest.
    func updatePresence(_ presence: ClientMessage.PresenceUpdate, from connection: Connection) {
        guard presence.x.isFinite, presence.y.isFinite, abs(presence.x) <= StrokePoint.coordinateLimit,
              abs(presence.y) <= StrokePoint.coordinateLimit else {
            return send(WireError(.invalidNumber, "presence x and y must be finite coordinates"), to: connection)
        }
        guard Identifier.isValid(presence.screen) else {
            return send(WireError(.invalidIdentifier, "presence needs a valid screen id"), to: connection)
        }
        connection.pendingPresence = presence
        relayPresenceIfDue(connection, now: clock.seconds)
        if connection.pendingPresence != nil { transport.hurryTicks() }
    }

    /// Called every tick: relays coalesced presence whose interval has passed; returns whether
    /// some still waits.
    func relayDuePresence() -> Bool {
        let now = clock.seconds
        var waiting = false
        for connection in transport.openConnections where connection.pendingPresence != nil {
            relayPresenceIfDue(connection, now: now)
            waiting = waiting || connection.pendingPresence != nil
        }
        return waiting
    }

    private func relayPresenceIfDue(_ connection: Connection, now: Double) {
        guard let presence = connection.pendingPresence, let identity = connection.identity,
              let room = connection.membership?.room, let budget = connection.budget,
              now - budget.lastPresenceAt >= 1 / Double(limits.presenceHz) else { return }
        connection.pendingPresence = nil
        budget.lastPresenceAt = now
        let relay = PresenceRelayMessage(clientId: identity.clientId, name: identity.name, color: identity.color,
                                         screen: presence.screen, x: presence.x, y: presence.y)
        broadcast(bytes: JSONWire.encode(relay), in: room, excluding: connection, includingCatchingUp: true)
    }
}
