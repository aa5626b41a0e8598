import Logging
import StrokeLog

/// The session daemon: its ``DaemonServices`` behind the ``TransportService`` (the lws server:
/// connections, budgets per address, paused reading, outgoing queues), run on the lws service
/// thread, which is ``ServiceLoop``'s executor, until shut down.
@ServiceLoop
final class Daemon {
    private let shutdown = Shutdown()
    private let transport: TransportService
    private let services: DaemonServices

    init(options: DaemonOptions, catalog: any SessionCatalog, engine: ResultsEngine, logger: Logger) throws {
        let budgets = Budgets(limits: options.limits)
        transport = try TransportService(options: options, budgets: budgets, shutdown: shutdown, logger: logger)
        services = DaemonServices(
            options: options, catalog: catalog, engine: engine, transport: transport, budgets: budgets,
            shutdown: shutdown, logger: logger)
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
}
