import Foundation
import Logging
import StrokeLog

/// The session daemon, composed of services the way a Hummingbird application is: the
/// ``TransportService`` (connections, budgets per address, paused reading, outgoing queues),
/// the ``MessageRouter`` (a decoded message to the service that handles it), the
/// ``SessionsService`` (rooms, joins, ops, catch-up, ink, share links) and the
/// ``ResultsService`` (recognition, code, replay, export), and ``Shutdown``. Each owns its state;
/// all of them are isolated to ``ServiceLoop``, the lws service thread, and hand blocking work to
/// the ``BlockingPool``, the recognition pool or a session's writer
/// (docs/design/daemon-threads.md). This type only builds them and passes the transport's
/// events on.
@ServiceLoop
final class Daemon: TransportEvents {
    private let logger: Logger
    private let shutdown = Shutdown()
    private let transport: TransportService
    private let sessions: SessionsService
    private let results: ResultsService
    private let router: MessageRouter

    init(options: DaemonOptions, catalog: any SessionCatalog, engine: ResultsEngine, logger: Logger) throws {
        self.logger = logger
        let limits = options.limits
        let budgets = Budgets(limits: limits)
        let blocking = BlockingPool(threads: limits.blockingThreads, queueCapacity: limits.blockingQueue)
        transport = try TransportService(options: options, budgets: budgets, shutdown: shutdown, logger: logger)
        results = ResultsService(engine: engine, transport: transport, blocking: blocking, shutdown: shutdown, logger: logger)
        sessions = SessionsService(options: options, catalog: catalog, transport: transport, results: results, budgets: budgets,
                                   blocking: blocking, logger: logger)
        router = MessageRouter(transport: transport, sessions: sessions, results: results)
        transport.events = self
    }

    /// The port actually bound.
    var port: Int { transport.port }

    /// Runs the service loop until shut down.
    func run() {
        while shutdown.phase != .finished {
            transport.serviceOnce()
        }
        transport.destroy()
    }

    // MARK: - Transport events

    func received(_ message: [UInt8], from connection: Connection) {
        router.handle(message, from: connection)
    }

    func closed(_ connection: Connection) {
        sessions.leaveSession(connection)
    }

    func wrote(to connection: Connection) {
        sessions.continueCatchUpIfDrained(connection)
    }

    func ticked() -> Bool {
        if shutdown.isRunning, ShutdownSignals.received { beginShutdown() }
        if shutdown.drainOverdue(now: transport.clock.seconds) {
            let waiting = sessions.registry.closesUnderWay
            logger.warning("shutting down with commits still waiting for the database: their ops are not acknowledged",
                           metadata: ["sessions": "\(waiting)", "waited_seconds": "\(Shutdown.drainSeconds)"])
            closeConnections()
        }
        return sessions.ticked()
    }

    // MARK: - Shutdown

    /// Stops taking messages and cancels recognition; once every session is closed (its writer
    /// committed what it was given, their acks are queued, and its SQLite files are closed), queues a 1001 close behind what each connection still
    /// has to send (see ``Shutdown``).
    private func beginShutdown() {
        shutdown.beginDraining(now: transport.clock.seconds)
        logger.info("shutting down: committing what was acknowledged, then closing connections")
        logger.info("frames made and written so far", metadata: FanOutCounts.metadata.mapValues { .string($0) })
        sessions.registry.openRooms.forEach { $0.scheduler.cancel() }
        Task.immediate {
            await self.sessions.registry.closeAllRooms()
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

/// Seconds on a monotonic clock.
struct MonotonicClock {
    var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
