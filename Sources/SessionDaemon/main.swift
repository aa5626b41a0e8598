import Dispatch
import Foundation
import Logging
import PostgresStore
import StrokeLog

// sketchd: serves web/ and the collaborative session protocol (docs/PROTOCOL.md).

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}
let logger = Logger(label: "sketchd")

let options = DaemonOptions.parseOrExit()

// glibc's own arena count unless told otherwise: with one arena per core the service,
// recognition and writer threads took each other's arena locks (3 futex calls a change of the
// 43 at 40 busy sessions), and what stays resident after 2,000 sessions close was the same
// (bench/flood.md, bench/sessions/README.md).
if options.mallocArenas > 0 { HeapTrim.limitArenas(to: options.mallocArenas) }

let engine: ResultsEngine
do {
    engine = try ResultsEngineLoader.load(options.models)
} catch {
    FileHandle.standardError.write(Data("sketchd: the recognizer could not be loaded: \(error)\n".utf8))
    exit(1)
}

let catalog: any SessionCatalog
do {
    catalog = try SessionStores.catalog(at: options.store ?? options.dataDirectory, logger: logger)
} catch {
    FileHandle.standardError.write(Data("sketchd: the session store could not be opened: \(error)\n".utf8))
    exit(1)
}

ShutdownSignals.install()

// This thread services libwebsockets and is the executor of everything `ServiceLoop` owns.
ServiceLoop.executor.adoptCurrentThread()
let daemon: Daemon
do {
    daemon = try ServiceLoop.assumeIsolated { [options, catalog, engine, logger] in
        try Daemon(options: options, catalog: catalog, engine: engine, logger: logger)
    }
} catch {
    FileHandle.standardError.write(Data("sketchd: \(error)\n".utf8))
    exit(1)
}

if !OriginPolicy.isLoopback(options.host) {
    FileHandle.standardError.write(
        Data(
            """
            sketchd: WARNING: listening on \(options.host), beyond this machine, without TLS. Anyone who can reach \
            it can connect, and share links, tokens and drawings travel in clear. Put a TLS proxy in front \
            and pass its origin with --allow-origin https://your.host.

            """.utf8))
}
let port = ServiceLoop.assumeIsolated { [daemon] in daemon.port }
FileHandle.standardOutput.write(
    Data("sketchd listening on http://\(options.host):\(port)/ (WebSocket ws://\(options.host):\(port)/ws)\n".utf8))
ServiceLoop.assumeIsolated { [daemon] in daemon.run() }
SessionTokenCheck.removeDecoy()
logger.info("stopped")
exit(0)
