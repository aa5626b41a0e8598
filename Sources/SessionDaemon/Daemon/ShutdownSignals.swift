import Dispatch
import Foundation

/// SIGTERM and SIGINT become a shutdown request on a dispatch queue, never handled in place;
/// SIGPIPE is ignored (a peer gone mid-write is an error return, not a death).
enum ShutdownSignals {
    /// Installs the handlers; keep the returned sources alive for as long as they should work.
    static func install(for daemon: Daemon) -> [DispatchSourceSignal] {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        return [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { daemon.requestShutdown() }
            source.resume()
            return source
        }
    }
}
