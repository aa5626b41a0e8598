import SessionProtocol

/// Queuing messages and closing connections.
extension TransportService {
    /// Queues a frame (or, for a result, puts it in the place of the older one still waiting;
    /// `replacement` then goes there instead), written at the end of this service turn; a peer
    /// whose queue is full is dropped to catch-up (4000).
    func send(frame: OutgoingFrame, to connection: Connection, replacement: () -> OutgoingFrame? = { nil }) {
        guard connection.closing == nil else { return }
        let wasEmpty = connection.outgoing.isEmpty
        guard connection.outgoing.push(frame, replacement: replacement) else {
            dropLagging(connection)
            return
        }
        if wasEmpty { writeAtTurnEnd(connection) }
    }

    /// Queues an encoded message.
    func send(bytes: [UInt8], to connection: Connection) {
        send(frame: OutgoingFrame(bytes), to: connection)
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
        broadcast(frame: OutgoingFrame(bytes), in: room, excluding: excluded, includingCatchingUp: includingCatchingUp)
    }

    /// Sends one frame to the members of `room`, as ``broadcast(bytes:in:excluding:includingCatchingUp:)``
    /// does; `replacement` (made at most once) stands in for it where it supersedes a waiting frame.
    func broadcast(frame: OutgoingFrame, in room: SessionRoom, excluding excluded: Connection? = nil,
                   includingCatchingUp: Bool = false, replacement: () -> OutgoingFrame? = { nil }) {
        var made: OutgoingFrame??
        func madeOnce() -> OutgoingFrame? {
            if made == nil { made = replacement() }
            return made!
        }
        for member in room.members where member !== excluded && (includingCatchingUp || member.membership?.isLive == true) {
            send(frame: frame, to: member, replacement: madeOnce)
        }
    }

    /// Sends each live member of `room` the frame `frame(for:)` picks for it; none when it picks nil.
    func broadcast(in room: SessionRoom, picking frame: (Connection) -> OutgoingFrame?) {
        for member in room.members where member.membership?.isLive == true {
            if let picked = frame(member) { send(frame: picked, to: member) }
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

    func send(frame: OutgoingFrame, to connection: Connection) {
        transport.send(frame: frame, to: connection)
    }

    func send<Message: Encodable>(_ message: Message, to connection: Connection) { transport.send(message, to: connection) }

    func send(_ error: WireError, to connection: Connection) { transport.send(error, to: connection) }

    func broadcast(bytes: [UInt8], in room: SessionRoom, excluding excluded: Connection? = nil, includingCatchingUp: Bool = false) {
        transport.broadcast(bytes: bytes, in: room, excluding: excluded, includingCatchingUp: includingCatchingUp)
    }

    func broadcast(frame: OutgoingFrame, in room: SessionRoom, replacement: () -> OutgoingFrame? = { nil }) {
        transport.broadcast(frame: frame, in: room, replacement: replacement)
    }

    func close(_ connection: Connection, code: Int, reason: String) { transport.close(connection, code: code, reason: reason) }

    func connection(withID id: Int) -> Connection? { transport.connection(withID: id) }
}
