import SessionProtocol

/// What the services need of the transport, and all they see of it: queue a frame for a
/// connection, close one, pause its reading, find one by id. ``TransportService`` is the real
/// one (libwebsockets); the services' unit tests drive them through an in-memory one, the way
/// tldraw tests its room through a `TLRoomSocket`.
@ServiceLoop
protocol ClientTransport: AnyObject {
    var limits: DaemonLimits { get }
    var clock: MonotonicClock { get }
    /// Where whole messages, closes and ticks go; set once by the application.
    var events: (any TransportEvents)? { get set }
    /// Every open connection.
    var openConnections: [Connection] { get }

    /// Queues a frame (or, for a result, puts it in the place of the older one still waiting;
    /// `replacement` then goes there instead); a peer whose queue is full is dropped to
    /// catch-up (4000). Nothing is queued for a connection that is closing or gone.
    func send(frame: OutgoingFrame, to connection: Connection, replacement: () -> OutgoingFrame?)
    /// Sends what is queued, then a close frame with `code`.
    func close(_ connection: Connection, code: Int, reason: String)
    /// Stops reading `connection` until `time` (a later pause extends it).
    func pauseReading(_ connection: Connection, until time: Double)
    /// Makes the next tick come soon: something waits on it.
    func hurryTicks()
    /// A connection that may have closed while work for it was under way.
    func connection(withID id: Int) -> Connection?
}

/// What the transport reports to the application: whole messages, closes, drained queues, ticks.
@ServiceLoop
protocol TransportEvents: AnyObject {
    /// A whole text message arrived while the daemon is running.
    func received(_ message: [UInt8], from connection: Connection)
    /// The connection is gone (it is no longer in the transport's tables).
    func closed(_ connection: Connection)
    /// The connection wrote a message; its queue may have room again.
    func wrote(to connection: Connection)
    /// The periodic tick; returns whether something waits on the next one (coalesced presence),
    /// which keeps the tick fast.
    func ticked() -> Bool
}

extension ClientTransport {
    func send(frame: OutgoingFrame, to connection: Connection) {
        send(frame: frame, to: connection, replacement: { nil })
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
}

/// A service that answers clients through the transport: `send`, `broadcast` and `close` read
/// as they would inside it.
@ServiceLoop
protocol TransportUser: AnyObject {
    var transport: any ClientTransport { get }
}

extension TransportUser {
    var limits: DaemonLimits { transport.limits }
    var clock: MonotonicClock { transport.clock }

    func send(bytes: [UInt8], to connection: Connection) { transport.send(bytes: bytes, to: connection) }

    func send(frame: OutgoingFrame, to connection: Connection) { transport.send(frame: frame, to: connection) }

    func send<Message: Encodable>(_ message: Message, to connection: Connection) {
        transport.send(message, to: connection)
    }

    func send(_ error: WireError, to connection: Connection) { transport.send(error, to: connection) }

    func close(_ connection: Connection, code: Int, reason: String) {
        transport.close(connection, code: code, reason: reason)
    }

    func connection(withID id: Int) -> Connection? { transport.connection(withID: id) }
}
