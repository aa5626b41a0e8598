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
        if let problem = limits.admission.problem(with: ink) { return send(problem, to: connection) }
        let relay = InkRelayMessage(from: identity.clientId, strokeId: ink.strokeId, screen: ink.screen, points: ink.points,
                                    color: ink.color, width: ink.width)
        broadcast(bytes: JSONWire.encode(relay), in: membership.room, excluding: connection, includingCatchingUp: true)
    }

    /// Relays a cursor at most `presenceHz` times a second per identity (over all its
    /// connections); extra updates keep only the newest.
    func updatePresence(_ presence: ClientMessage.PresenceUpdate, from connection: Connection) {
        if let problem = limits.admission.problem(with: presence) { return send(problem, to: connection) }
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
