import SessionProtocol

/// Queuing messages and closing connections.
extension TransportService {
    /// Queues an encoded message; a peer whose queue is full is dropped to catch-up (4000).
    func send(bytes: [UInt8], to connection: Connection) {
        guard connection.closing == nil else { return }
        let wasEmpty = connection.outgoing.isEmpty
        guard connection.outgoing.push(bytes) else {
            dropLagging(connection)
            return
        }
        if wasEmpty { WebSocketIO.requestWritable(connection.wsi) }
    }

    func send<Message: Encodable>(_ message: Message, to connection: Connection) {
        send(bytes: JSONWire.encode(message), to: connection)
    }

    func send(_ error: WireError, to connection: Connection) {
        send(ErrorMessage(error), to: connection)
    }

    /// Sends the same bytes to the members of `room` (except `excluded`). Derived results go to
    /// live members only (catching-up members get the current ones after `caughtUp`); live
    /// presence, ink and comings and goings go to everyone.
    func broadcast(bytes: [UInt8], in room: SessionRoom, excluding excluded: Connection? = nil, includingCatchingUp: Bool = false) {
        for member in room.members where member !== excluded && (includingCatchingUp || member.membership?.isLive == true) {
            send(bytes: bytes, to: member)
        }
    }

    /// Closes with 1009 once the oversized message has been read to its end.
    func closeTooLarge(_ connection: Connection) {
        connection.closing = CloseIntent(code: 1009, reason: "message too large")
        WebSocketIO.requestWritable(connection.wsi)
        WebSocketIO.killAfter(connection.wsi, seconds: 5)
    }

    /// Sends what is queued, then a close frame with `code`.
    func close(_ connection: Connection, code: Int, reason: String) {
        guard connection.closing == nil else { return }
        connection.closing = CloseIntent(code: code, reason: reason)
        WebSocketIO.requestWritable(connection.wsi)
        WebSocketIO.killAfter(connection.wsi, seconds: 5)
    }

    /// A peer that stopped reading: forget its queue, close it with 4000 as soon as it can
    /// take a frame, and hang up soon regardless. It resumes with `join` and its last seq.
    private func dropLagging(_ connection: Connection) {
        logger.info("dropping a lagging client to catch-up", metadata: ["connection": "\(connection.id)"])
        connection.outgoing.removeAll()
        connection.closing = CloseIntent(code: 4000, reason: "lagging")
        WebSocketIO.requestWritable(connection.wsi)
        WebSocketIO.killAfter(connection.wsi, seconds: 2)
    }
}

/// A service that answers clients through the transport: `send`, `broadcast` and `close` read
/// as they would inside it.
@ServiceLoop
protocol TransportUser: AnyObject {
    var transport: TransportService { get }
}

extension TransportUser {
    var limits: DaemonLimits { transport.limits }
    var clock: MonotonicClock { transport.clock }

    func send(bytes: [UInt8], to connection: Connection) { transport.send(bytes: bytes, to: connection) }

    func send<Message: Encodable>(_ message: Message, to connection: Connection) { transport.send(message, to: connection) }

    func send(_ error: WireError, to connection: Connection) { transport.send(error, to: connection) }

    func broadcast(bytes: [UInt8], in room: SessionRoom, excluding excluded: Connection? = nil, includingCatchingUp: Bool = false) {
        transport.broadcast(bytes: bytes, in: room, excluding: excluded, includingCatchingUp: includingCatchingUp)
    }

    func close(_ connection: Connection, code: Int, reason: String) { transport.close(connection, code: code, reason: reason) }

    func connection(withID id: Int) -> Connection? { transport.connection(withID: id) }
}
