import Logging
import StrokeLog

/// The daemon's services behind any ``ClientTransport``, composed the way a Hummingbird
/// application is: the ``MessageRouter`` (a decoded message to the service that handles it), the
/// ``SessionsService`` (rooms, joins, ops, catch-up, ink, share links), the ``ResultsService``
/// (recognition, code, replay, export) and ``Shutdown``. Each owns its state; all of them are
/// isolated to ``ServiceLoop`` and hand blocking work to the ``BlockingPool``, the recognition
/// pool or a session's writer (docs/design/daemon-threads.md). This type builds them, passes
/// the transport's events on and drains them at shutdown. ``Daemon`` runs it behind the real
/// sockets; the services' unit tests behind an in-memory transport.
@ServiceLoop
final class DaemonServices: TransportEvents {
    let shutdown: Shutdown
    let sessions: SessionsService
    let results: ResultsService
    private let transport: any ClientTransport
    private let router: MessageRouter
    private let logger: Logger

    init(
        options: DaemonOptions, catalog: any SessionCatalog, engine: ResultsEngine, transport: any ClientTransport,
        budgets: Budgets, shutdown: Shutdown, logger: Logger
    ) {
        self.transport = transport
        self.shutdown = shutdown
        self.logger = logger
        let limits = options.limits
        let blocking = BlockingPool(threads: limits.blockingThreads, queueCapacity: limits.blockingQueue)
        results = ResultsService(
            engine: engine, transport: transport, blocking: blocking, shutdown: shutdown, logger: logger)
        sessions = SessionsService(
            options: options, catalog: catalog, transport: transport, observer: results, budgets: budgets,
            blocking: blocking, logger: logger)
        router = MessageRouter(transport: transport, sessions: sessions, results: results)
        transport.events = self
    }

    // MARK: - Transport events

    func received(_ message: [UInt8], from connection: Connection) {
        router.handle(message, from: connection)
    }

    func closed(_ connection: Connection) {
        sessions.closed(connection)
        results.forget(connection)
    }

    func wrote(to connection: Connection) {
        if let client = sessions.client(withID: connection.id) { sessions.continueCatchUpIfDrained(client) }
    }

    func ticked() -> Bool {
        if shutdown.isRunning, ShutdownSignals.received { beginShutdown() }
        if shutdown.drainOverdue(now: transport.clock.seconds) {
            let waiting = sessions.closesUnderWay
            logger.warning(
                "shutting down with commits still waiting for the database: their ops are not acknowledged",
                metadata: ["sessions": "\(waiting)", "waited_seconds": "\(Shutdown.drainSeconds)"])
            closeConnections()
        }
        return sessions.ticked()
    }

    // MARK: - Shutdown

    /// The services that stop with the daemon, in the order they stop: recognition first (no
    /// result is worth waiting for), then the sessions (every acknowledged op committed).
    private var lifecycle: [any LifecycleService] { [results, sessions] }

    /// Stops taking messages and shuts each service down in turn; once all are down (every
    /// session's writer committed what it was given, their acks are queued, and its files are
    /// closed), queues a 1001 close behind what each connection still has to send (see
    /// ``Shutdown``).
    func beginShutdown() {
        shutdown.beginDraining(now: transport.clock.seconds)
        logger.info("shutting down: committing what was acknowledged, then closing connections")
        logger.info("frames made and written so far", metadata: FanOutCounts.metadata.mapValues { .string($0) })
        logger.info("group commits so far", metadata: GroupCommitCounts.shared.metadata.mapValues { .string($0) })
        let services = lifecycle
        Task.immediate {
            for service in services { await service.shutDown() }
            self.closeConnections()
        }
    }

    /// Queues a 1001 close to every connection, once: when every session closed, or when the
    /// drain is overdue (``Shutdown/drainSeconds``).
    private func closeConnections() {
        guard shutdown.phase == .draining else { return }
        shutdown.beginClosing(now: transport.clock.seconds, connectionsLeft: transport.openConnections.count)
        for connection in transport.openConnections {
            transport.close(connection, code: 1001, reason: "server shutting down")
        }
    }
}
