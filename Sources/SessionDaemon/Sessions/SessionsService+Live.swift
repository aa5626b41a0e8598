import SessionProtocol
import StrokeLog

/// Live ink and presence: relayed to the session, never stored.
extension SessionsService {
    /// Relays the points of a stroke being drawn to the other members.
    func relay(_ ink: ClientMessage.InkUpdate, from client: Client) {
        guard let membership = client.membership, let identity = client.identity else { return }
        guard membership.role == .edit else {
            return send(WireError(.readOnly, "this connection joined with a view token"), to: client)
        }
        guard let budget = client.budget else { return }
        let now = clock.seconds
        guard budget.ink.take(now: now), client.addressBudget.ink.take(now: now) else {
            // Ink over the limit is dropped; say so at most once a second.
            if now - budget.lastInkErrorAt >= 1 {
                budget.lastInkErrorAt = now
                send(
                    WireError(
                        .rateLimited,
                        "more than \(Int(limits.inkPerSecond)) ink messages a second from this client (or twice that from this address); extra ink is dropped",
                        retryAfterMs: max(
                            budget.ink.millisecondsUntilNextToken(now: now),
                            client.addressBudget.ink.millisecondsUntilNextToken(now: now))), to: client)
            }
            return
        }
        if let problem = limits.admission.problem(with: ink) { return send(problem, to: client) }
        let relay = InkRelayMessage(
            from: identity.clientId, strokeId: ink.strokeId, screen: ink.screen, points: ink.points,
            color: ink.color, width: ink.width)
        broadcast(bytes: JSONWire.encode(relay), in: membership.room, excluding: client, includingCatchingUp: true)
    }

    /// Relays a cursor at most `presenceHz` times a second per identity (over all its
    /// connections); extra updates keep only the newest.
    func updatePresence(_ presence: ClientMessage.PresenceUpdate, from client: Client) {
        if let problem = limits.admission.problem(with: presence) { return send(problem, to: client) }
        client.pendingPresence = presence
        relayPresenceIfDue(client, now: clock.seconds)
        if client.pendingPresence != nil { transport.hurryTicks() }
    }

    /// Called every tick: relays coalesced presence whose interval has passed; returns whether
    /// some still waits.
    func relayDuePresence() -> Bool {
        let now = clock.seconds
        var waiting = false
        for client in clients.values where client.pendingPresence != nil {
            relayPresenceIfDue(client, now: now)
            waiting = waiting || client.pendingPresence != nil
        }
        return waiting
    }

    private func relayPresenceIfDue(_ client: Client, now: Double) {
        guard let presence = client.pendingPresence, let identity = client.identity,
            let room = client.membership?.room, let budget = client.budget,
            now - budget.lastPresenceAt >= 1 / Double(limits.presenceHz)
        else { return }
        client.pendingPresence = nil
        budget.lastPresenceAt = now
        let relay = PresenceRelayMessage(
            clientId: identity.clientId, name: identity.name, color: identity.color,
            screen: presence.screen, x: presence.x, y: presence.y)
        broadcast(bytes: JSONWire.encode(relay), in: room, excluding: client, includingCatchingUp: true)
    }
}
