import Dispatch

@testable import SessionDaemon

/// A ``ClientTransport`` without sockets, as NIO's `EmbeddedChannel` is a channel without
/// one: the test opens connections, hands the services whole messages as the lws transport
/// would, and reads what they queued. Frames stay in each connection's ``OutgoingQueue`` until
/// the peer reads them, so a peer that does not read fills its queue and is dropped (4000)
/// exactly as on a socket.
@ServiceLoop
final class InMemoryTransport: ClientTransport {
    let limits: DaemonLimits
    let clock = MonotonicClock()
    weak var events: (any TransportEvents)?
    private let budgets: Budgets
    private var open: [Int: Connection] = [:]
    private var nextID = 0
    /// Connections the services paused reading of, by id, with until when.
    private(set) var pausedUntil: [Int: Double] = [:]

    init(limits: DaemonLimits, budgets: Budgets) {
        self.limits = limits
        self.budgets = budgets
    }

    var openConnections: [Connection] { open.values.sorted { $0.id < $1.id } }

    func send(frame: OutgoingFrame, to connection: Connection, replacement: () -> OutgoingFrame?) {
        guard connection.closing == nil, open[connection.id] === connection else { return }
        if !connection.outgoing.push(frame, replacement: replacement) {
            connection.outgoing.removeAll()
            connection.closing = CloseIntent(code: 4000, reason: "lagging")
        }
    }

    func close(_ connection: Connection, code: Int, reason: String) {
        guard connection.closing == nil, open[connection.id] === connection else { return }
        connection.closing = CloseIntent(code: code, reason: reason)
    }

    func pauseReading(_ connection: Connection, until time: Double) {
        pausedUntil[connection.id] = max(time, pausedUntil[connection.id] ?? 0)
    }

    func hurryTicks() {}

    func connection(withID id: Int) -> Connection? { open[id] }

    // MARK: - The peers' side

    /// Opens a connection as an upgrade to `path` from `address` would.
    func connect(path: String = "/ws", address: String = "127.0.0.1") -> Connection {
        nextID += 1
        let now = clock.seconds
        let connection = Connection(
            id: nextID, address: address, addressBudget: budgets.address(address, now: now),
            limits: limits, now: now)
        connection.pathSession = Connection.session(inPath: path)
        open[connection.id] = connection
        return connection
    }

    /// Hands the services one whole text message from `connection`.
    func deliver(_ message: [UInt8], from connection: Connection) {
        guard open[connection.id] === connection, connection.closing == nil else { return }
        events?.received(message, from: connection)
    }

    /// What the peer reads now: every queued frame, in order. A closing connection whose queue
    /// is empty then closes, with its close code.
    func read(_ connection: Connection) -> (frames: [[UInt8]], closedWith: Int?) {
        var frames: [[UInt8]] = []
        while let frame = connection.outgoing.pop() { frames.append(frame.payload) }
        if !frames.isEmpty { events?.wrote(to: connection) }
        guard let closing = connection.closing, connection.outgoing.isEmpty else { return (frames, nil) }
        hangUp(connection)
        return (frames, closing.code)
    }

    /// The peer goes away (or the socket closes): the services hear of it once.
    func hangUp(_ connection: Connection) {
        guard open.removeValue(forKey: connection.id) != nil else { return }
        pausedUntil[connection.id] = nil
        events?.closed(connection)
    }
}

/// Wakes a test thread that plays the lws service thread, when ``ServiceLoop`` has work.
final class SemaphoreWaker: ServiceLoopWaker {
    let semaphore = DispatchSemaphore(value: 0)

    func wake() { semaphore.signal() }
}
