import CSketchdLWS

/// SIGTERM and SIGINT ask for a clean shutdown; SIGPIPE is ignored (a peer gone mid-write is an
/// error return, not a death). The handler only raises a flag, which the service loop's tick
/// reads, so nothing runs in signal context and no signal that arrives early is lost.
enum ShutdownSignals {
    /// Installs the handlers; call before the daemon listens.
    static func install() { sketchd_catch_shutdown_signals() }

    /// Whether SIGTERM or SIGINT has arrived.
    static var received: Bool { sketchd_shutdown_signalled() != 0 }
}
