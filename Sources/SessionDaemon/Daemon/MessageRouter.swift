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
        let client = sessions.client(for: connection)
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(bytes)
        } catch let error as WireError {
            return send(error, to: client)
        } catch {
            return send(WireError(.internalError, "unexpected decoding failure"), to: client)
        }
        if case .hello(let hello) = message { return sessions.greet(hello, client) }
        guard client.identity != nil else {
            return send(WireError(.notReady, "send hello first"), to: client)
        }
        switch message {
        case .hello: break
        case .createSession(let title, let session): sessions.createSession(title: title, session: session, for: client)
        case .join(let join): sessions.join(join, client)
        case .watchDetections(let on): results.watchDetections(on, from: client)
        default:
            guard client.membership != nil else {
                return send(WireError(.notReady, "join a session first"), to: client)
            }
            handleSessionMessage(message, from: client)
        }
    }

    private func handleSessionMessage(_ message: ClientMessage, from client: Client) {
        switch message {
        case .op(let clientOpId, let event): sessions.submit(event, clientOpId: clientOpId, from: client)
        case .ink(let ink): sessions.relay(ink, from: client)
        case .presence(let presence): sessions.updatePresence(presence, from: client)
        case .replay(let toSeq): results.replay(toSeq: toSeq, for: client)
        case .export(let format, let toSeq): results.export(format: format, toSeq: toSeq, for: client)
        case .getCode: results.sendCurrentCode(to: client)
        case .shareLink(let change): sessions.changeShareLink(change, from: client)
        case .hello, .createSession, .join, .watchDetections: break
        }
    }

}
