import Logging
import SessionProtocol

/// The WebSocket side of the daemon: the lws server, the open connections with their
/// per-address counts, reassembly and its byte limit, paused reading, and each connection's
/// bounded outgoing queue (sending is in `TransportService+Sending.swift`).
@ServiceLoop
final class TransportService: ClientTransport, WebSocketServerDelegate {
    let limits: DaemonLimits
    let logger: Logger
    let clock = MonotonicClock()
    /// Where whole messages, closes and ticks go; set once by the application.
    weak var events: (any TransportEvents)?
    private let shutdown: Shutdown
    private let budgets: Budgets
    private var server: WebSocketServer!
    /// Which pages may open the WebSocket; known once the port is bound.
    private var originPolicy: OriginPolicy?
    private var connections: [OpaquePointer: Connection] = [:]
    /// The open connections by id, with their sockets.
    private var sockets: [Int: (connection: Connection, wsi: OpaquePointer)] = [:]
    private var nextConnectionID = 0
    private var connectionsPerAddress: [String: Int] = [:]
    /// Connections not read for now (over their op rate), by id, with when to read them again.
    private var pausedReading: [Int: Double] = [:]
    /// Connections whose empty queue got a frame in this service turn, in that order: written
    /// when the turn ends (`TransportService+Writing.swift`).
    var queuedThisTurn: [Connection] = []

    init(options: DaemonOptions, budgets: Budgets, shutdown: Shutdown, logger: Logger) throws {
        limits = options.limits
        self.budgets = budgets
        self.shutdown = shutdown
        self.logger = logger
        server = try WebSocketServer(
            settings: .init(
                host: options.host, port: options.port, webRoot: options.webRoot,
                pingSeconds: options.limits.pingSeconds, hangupSeconds: options.limits.hangupSeconds,
                receiveBufferBytes: 65_536, tickMilliseconds: Self.fastTickMilliseconds), delegate: self)
        originPolicy = OriginPolicy(host: options.host, port: server.port, extra: options.allowedOrigins)
    }

    /// The port actually bound.
    var port: Int { server.port }

    var openConnections: [Connection] { Array(connections.values) }

    /// Services the loop once (until the next event or tick), then writes what the turn queued.
    func serviceOnce() {
        server.serviceOnce()
        writeQueuedThisTurn()
    }

    /// Closes the listener and every socket.
    func destroy() { server.destroy() }

    func connection(withID id: Int) -> Connection? { sockets[id]?.connection }

    /// The socket of `connection` while it is open.
    func socket(of connection: Connection) -> OpaquePointer? {
        guard let open = sockets[connection.id], open.connection === connection else { return nil }
        return open.wsi
    }

    // MARK: - Service-thread events

    func upgradeAllowed(origin: String?, host: String?) -> Bool {
        guard originPolicy?.allows(origin: origin, host: host) ?? false else {
            logger.info("refused a WebSocket from another origin", metadata: ["origin": "\(origin?.prefix(80) ?? "")"])
            return false
        }
        return true
    }

    func connectionOpened(_ wsi: OpaquePointer, path: String) {
        nextConnectionID += 1
        let address = WebSocketIO.peerAddress(wsi)
        let connection = Connection(
            id: nextConnectionID, address: address,
            addressBudget: budgets.address(address, now: clock.seconds), limits: limits, now: clock.seconds)
        connection.pathSession = Connection.session(inPath: path)
        connections[wsi] = connection
        sockets[connection.id] = (connection, wsi)
        connectionsPerAddress[address, default: 0] += 1
        if !shutdown.isRunning { return close(connection, code: 1001, reason: "shutting down") }
        if connectionsPerAddress[address]! > limits.maxConnectionsPerAddress {
            close(connection, code: 1008, reason: "too many connections from this address")
        }
    }

    func connectionReceived(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer, final: Bool, binary: Bool) -> Bool {
        guard let connection = connections[wsi] else { return true }
        if bytes.isEmpty, !connection.emptyFrames.take(now: clock.seconds) {
            // Empty frames cost lws and us work and carry nothing: a flood of them is an attack.
            WebSocketIO.setCloseReason(wsi, code: 1008, reason: "too many empty frames")
            return false
        }
        if let closing = connection.closing {
            // Read the rest of an oversized message before the close frame goes out, so the
            // peer is not reset (1006) while it is still sending.
            if closing.afterSkippedMessage, connection.assembler.add(bytes, final: final) == .endOfSkipped {
                closeTooLarge(connection, wsi)
            }
            return true
        }
        switch connection.assembler.add(bytes, final: final) {
        case .partial:
            return true
        case .tooLarge(let received, let ended):
            send(
                WireError(
                    .messageTooLarge, "a message of at least \(received) bytes; the limit is \(limits.maxMessageBytes)"),
                to: connection)
            if ended {
                closeTooLarge(connection, wsi)
            } else {
                connection.closing = CloseIntent(code: 1009, reason: "message too large", afterSkippedMessage: true)
                WebSocketIO.killAfter(wsi, seconds: 5)
            }
            return true
        case .endOfSkipped:
            return true
        case .message(let message):
            if binary {
                send(WireError(.badJSON, "frames must be UTF-8 JSON text, not binary"), to: connection)
            } else if shutdown.isRunning {
                events?.received(message, from: connection)
            }
            return true
        }
    }

    func connectionWritable(_ wsi: OpaquePointer) -> Bool {
        guard let connection = connections[wsi] else { return true }
        if !connection.outgoing.isEmpty {
            FanOutCounts.wroteInWritableCallback()
            return writeSome(connection, wsi)
        }
        if let closing = connection.closing, !closing.afterSkippedMessage {
            return WebSocketIO.sendClose(wsi, code: closing.code, reason: closing.reason)
        }
        return true
    }

    func connectionClosed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        sockets[connection.id] = nil
        pausedReading[connection.id] = nil
        connectionsPerAddress[connection.address]! -= 1
        if connectionsPerAddress[connection.address] == 0 { connectionsPerAddress[connection.address] = nil }
        events?.closed(connection)
        shutdown.update(connectionsLeft: connections.count, now: clock.seconds)
    }

    func serviceWoke() {
        ServiceLoop.executor.runJobs()
    }

    func serviceTicked() {
        // Jobs normally run when their wake arrives; this bounds the delay if one never does.
        ServiceLoop.executor.runJobs()
        resumeDueReading()
        let waiting = events?.ticked() ?? false
        shutdown.update(connectionsLeft: connections.count, now: clock.seconds)
        let fast = waiting || !pausedReading.isEmpty || !shutdown.isRunning
        server.setTick(milliseconds: fast ? Self.fastTickMilliseconds : Self.idleTickMilliseconds)
    }

    /// The tick's period while presence waits to be relayed, reading is paused or the daemon
    /// shuts down, and otherwise: an idle daemon wakes 10 times a second, not 100.
    static let fastTickMilliseconds: UInt32 = 10
    static let idleTickMilliseconds: UInt32 = 100

    /// The next tick comes within ``fastTickMilliseconds``.
    func hurryTicks() {
        server.setTick(milliseconds: Self.fastTickMilliseconds)
    }

    // MARK: - Paused reading

    /// The tick resumes reading.
    func pauseReading(_ connection: Connection, until time: Double) {
        guard let wsi = socket(of: connection) else { return }
        if pausedReading[connection.id] == nil {
            WebSocketIO.pauseReading(wsi, true)
            hurryTicks()
        }
        pausedReading[connection.id] = max(time, pausedReading[connection.id] ?? 0)
    }

    private func resumeDueReading() {
        guard !pausedReading.isEmpty else { return }
        let now = clock.seconds
        for (id, until) in pausedReading where until <= now {
            pausedReading[id] = nil
            if let wsi = sockets[id]?.wsi { WebSocketIO.pauseReading(wsi, false) }
        }
    }
}
