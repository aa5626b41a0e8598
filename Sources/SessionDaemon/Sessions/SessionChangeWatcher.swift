import Logging
import PostgresStore
import StrokeLog
import Synchronization

/// Tells an open session when someone else wrote to it, so its writer folds that in and
/// broadcasts it: another process on the session's file (``SessionFileWatcher``), or another
/// node or `sketchctl` on the database (``DatabaseChangeWatcher``).
protocol SessionChangeWatcher: Sendable {
    /// Calls `changed` whenever someone else wrote to session `name`, until ``stopWatching(_:)``.
    func watch(_ name: String, changed: @escaping @Sendable () -> Void)
    /// Forgets session `name` (it was closed).
    func stopWatching(_ name: String)
}

extension SessionFileWatcher: SessionChangeWatcher {}

/// The watcher of a catalog's sessions, by its kind; nil for a kind that cannot be watched.
func changeWatcher(for catalog: any SessionCatalog, logger: Logger) -> (any SessionChangeWatcher)? {
    if let directory = catalog as? SessionDirectory { return SessionFileWatcher(root: directory.root, logger: logger) }
    if let database = catalog as? PostgresSessionCatalog { return DatabaseChangeWatcher(catalog: database) }
    return nil
}

/// Another node's or `sketchctl`'s commits to the PostgreSQL store, from the catalog's
/// LISTEN connection (``PostgresChangeListener``). When that connection was lost and is back,
/// every open session looks.
final class DatabaseChangeWatcher: SessionChangeWatcher {
    private final class Listeners: Sendable {
        let byName = Mutex<[String: @Sendable () -> Void]>([:])
    }

    private let listeners = Listeners()
    private let listener: PostgresChangeListener

    init(catalog: PostgresSessionCatalog) {
        let listeners = listeners
        listener = catalog.listenForChanges { name in
            if let name {
                listeners.byName.withLock { $0[name] }?()
            } else {
                listeners.byName.withLock { Array($0.values) }.forEach { $0() }
            }
        }
    }

    deinit { listener.stop() }

    func watch(_ name: String, changed: @escaping @Sendable () -> Void) {
        listeners.byName.withLock { $0[name] = changed }
    }

    func stopWatching(_ name: String) {
        _ = listeners.byName.withLock { $0.removeValue(forKey: name) }
    }
}
