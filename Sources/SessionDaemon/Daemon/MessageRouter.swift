import SessionProtocol

/// Routes each whole client message to the service that handles it: the handshake, sessions,
/// ops, ink and presence to ``SessionsService``; code, replays and exports to ``ResultsService``.
/// Only what every message shares is checked here: it decodes, and it comes after `hello` and
/// (for session messages) after `join`.
@ServiceLoop
final class MessageRouter: TransportUser {
    let transport: any ClientTransport
    private let sessions: SessionsService
    private let results: ResultsService

    init(transport: any ClientTransport, sessions: SessionsService, results: ResultsService) {
        self.transport = transport
        self.sessions = sessions
        self.results = results
    }

    /// Decodes and routes one whole message.
    func handle(_ bytes: [UInt8], from connection: Connection) {
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(bytes)
        } catch let error as WireError {
            return send(error, to: connection)
        } catch {
            return send(WireError(.internalError, "unexpected decoding failure"), to: connection)
        }
        if case .hello(let hello) = message { return sessions.greet(hello, connection) }
        guard connection.identity != nil else {
            return send(WireError(.notReady, "send hello first"), to: connection)
        }
        switch message {
        case .hello: break
        case .createSession(let title, let session): sessions.createSession(title: title, session: session, for: connection)
        case .join(let join): sessions.join(join, connection)
        case .watchDetections(let on): results.watchDetections(on, from: connection)
        default:
            guard connection.membership != nil else {
                return send(WireError(.notReady, "join a session first"), to: connection)
            }
            handleSessionMessage(message, from: connection)
        }
    }

    private func handleSessionMessage(_ message: ClientMessage, from connection: Connection) {
        switch message {
        case .op(let clientOpId, let event): sessions.submit(event, clientOpId: clientOpId, from: connection)
        case .ink(let ink): sessions.relay(ink, from: connection)
        case .presence(let presence): sessions.updatePresence(presence, from: connection)
        case .replay(let toSeq): results.replay(toSeq: toSeq, for: connection)
        case .export(let format, let toSeq): results.export(format: format, toSeq: toSeq, for: connection)
        case .getCode: results.sendCurrentCode(to: connection)
        case .shareLink(let change): sessions.changeShareLink(change, from: connection)
        case .hello, .createSession, .join, .watchDetections: break
        }
    }

}
