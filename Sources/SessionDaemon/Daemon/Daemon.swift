import Dispatch
import Foundation
import Logging
import SessionProtocol
import StrokeLog

/// The session daemon: connections, sessions and results, all driven from the lws service
/// thread (see docs/ARCHITECTURE.md, "Threads").
///
/// Everything in this class is isolated to ``ServiceLoop``. Work
/// that may block (SQLite, recognition, export) runs on workers and is awaited back. The message
/// handlers live in the `Daemon+*.swift` extensions, one concern each.
@ServiceLoop
final class Daemon: WebSocketServerDelegate {
    let options: DaemonOptions
    var limits: DaemonLimits { options.limits }
    let logger: Logger
    let engine: ResultsEngine
    private(set) var server: WebSocketServer!
    private(set) var registry: SessionRegistry!
    /// Replay and export runs.
    let workers = DispatchQueue(label: "sketchd.workers", qos: .userInitiated, attributes: .concurrent)
    /// Catch-up reads and token checks, through read-only connections beside the writers.
    let readers = DispatchQueue(label: "sketchd.readers", qos: .userInitiated, attributes: .concurrent)
    /// Recognition runs, one thread per core, at a lower priority than sockets and commits.
    let recognitionPool: RecognitionPool

    var connections: [OpaquePointer: Connection] = [:]
    /// What identities and addresses may spend, over all their connections.
    let budgets: Budgets
    private var connectionsByID: [Int: Connection] = [:]
    private var nextConnectionID = 0
    private var connectionsPerAddress: [String: Int] = [:]
    var shutdown: ShutdownPhase = .running
    var shutdownDeadline = Double.infinity
    let clock = MonotonicClock()
    /// Which pages may open the WebSocket; known once the port is bound.
    private var originPolicy: OriginPolicy?
    /// When the tick next looks for idle sessions to close.
    private var nextIdleCheck = 0.0
    /// Connections not read for now (over their op rate), by id, with when to read them again.
    private var pausedReading: [Int: Double] = [:]

    init(options: DaemonOptions, engine: ResultsEngine, logger: Logger) throws {
        self.options = options
        self.engine = engine
        self.logger = logger
        recognitionPool = RecognitionPool(niceness: options.limits.recognitionNice)
        budgets = Budgets(limits: options.limits)
        server = try WebSocketServer(settings: .init(
            host: options.host, port: options.port, webRoot: options.webRoot,
            pingSeconds: options.limits.pingSeconds, hangupSeconds: options.limits.hangupSeconds,
            receiveBufferBytes: 65_536, tickMilliseconds: 10), delegate: self)
        originPolicy = OriginPolicy(host: options.host, port: server.port, extra: options.allowedOrigins)
        registry = SessionRegistry(
            directory: SessionDirectory(root: options.dataDirectory), readers: readers,
            idleSeconds: Double(options.limits.idleSeconds), maxOpenSessions: options.limits.maxOpenSessions,
            makeRoom: { [unowned self] writer in self.makeRoom(writer: writer) },
            retireRoom: { room in room.scheduler.cancel() })
    }

    /// The port actually bound.
    var port: Int { server.port }

    /// Runs the service loop until shut down.
    func run() {
        while shutdown != .finished {
            server.serviceOnce()
        }
        server.destroy()
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
        let connection = Connection(id: nextConnectionID, wsi: wsi, address: address,
                                    addressBudget: budgets.address(address, now: clock.seconds), limits: limits, now: clock.seconds)
        connection.pathSession = Connection.session(inPath: path)
        connections[wsi] = connection
        connectionsByID[connection.id] = connection
        connectionsPerAddress[address, default: 0] += 1
        if shutdown != .running { return close(connection, code: 1001, reason: "shutting down") }
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
            if closing.afterSkippedMessage, connection.assembler.add(bytes, final: final) == .endOfSkipped { closeTooLarge(connection) }
            return true
        }
        switch connection.assembler.add(bytes, final: final) {
        case .partial:
            return true
        case .tooLarge(let received, let ended):
            send(WireError(.messageTooLarge, "a message of at least \(received) bytes; the limit is \(limits.maxMessageBytes)"), to: connection)
            if ended {
                closeTooLarge(connection)
            } else {
                connection.closing = CloseIntent(code: 1009, reason: "message too large", afterSkippedMessage: true)
                WebSocketIO.killAfter(connection.wsi, seconds: 5)
            }
            return true
        case .endOfSkipped:
            return true
        case .message(let message):
            if binary {
                send(WireError(.badJSON, "frames must be UTF-8 JSON text, not binary"), to: connection)
            } else if shutdown == .running {
                handle(message, from: connection)
            }
            return true
        }
    }

    func connectionWritable(_ wsi: OpaquePointer) -> Bool {
        guard let connection = connections[wsi] else { return true }
        if let message = connection.outgoing.pop() {
            guard WebSocketIO.writeText(wsi, message) else { return false }
            if !connection.outgoing.isEmpty || connection.closing != nil {
                WebSocketIO.requestWritable(wsi)
            }
            continueCatchUpIfDrained(connection)
            return true
        }
        if let closing = connection.closing, !closing.afterSkippedMessage {
            WebSocketIO.setCloseReason(wsi, code: closing.code, reason: closing.reason)
            return false
        }
        return true
    }

    func connectionClosed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        connectionsByID[connection.id] = nil
        pausedReading[connection.id] = nil
        connectionsPerAddress[connection.address]! -= 1
        if connectionsPerAddress[connection.address] == 0 { connectionsPerAddress[connection.address] = nil }
        leaveSession(connection)
        if shutdown == .closingConnections, connections.isEmpty { shutdown = .finished }
    }

    func serviceWoke() {
        ServiceLoop.executor.runJobs()
    }

    func serviceTicked() {
        // Jobs normally run when their wake arrives; this bounds the delay if one never does.
        ServiceLoop.executor.runJobs()
        if shutdown == .running, ShutdownSignals.received { beginShutdown() }
        resumeDueReading()
        relayDuePresence()
        if clock.seconds >= nextIdleCheck {
            nextIdleCheck = clock.seconds + 1
            registry.closeIdleRooms(now: clock.seconds)
            budgets.prune(now: clock.seconds)
        }
        if shutdown == .closingConnections, clock.seconds > shutdownDeadline { shutdown = .finished }
    }

    /// A connection that may have closed while work for it was under way.
    func connection(withID id: Int) -> Connection? { connectionsByID[id] }

    /// Stops reading `connection` until `time` (the tick resumes it; a later pause extends it).
    func pauseReading(_ connection: Connection, until time: Double) {
        if pausedReading[connection.id] == nil { WebSocketIO.pauseReading(connection.wsi, true) }
        pausedReading[connection.id] = max(time, pausedReading[connection.id] ?? 0)
    }

    private func resumeDueReading() {
        guard !pausedReading.isEmpty else { return }
        let now = clock.seconds
        for (id, until) in pausedReading where until <= now {
            pausedReading[id] = nil
            if let connection = connectionsByID[id] { WebSocketIO.pauseReading(connection.wsi, false) }
        }
    }

    // MARK: - Sending

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
    private func closeTooLarge(_ connection: Connection) {
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

/// Where shutdown has got to.
enum ShutdownPhase {
    case running
    /// Waiting for the writers to commit what they were given.
    case draining
    /// Close frames sent; waiting for the connections to go.
    case closingConnections
    case finished
}

/// Seconds on a monotonic clock.
struct MonotonicClock {
    var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
