import Logging
import StrokeLog

/// The `--store` option of `sketchd` and `sketchctl`: a directory of SQLite session files, or a
/// `postgres://` address.
public enum SessionStores {
    /// The catalog at `store`: ``PostgresSessionCatalog`` for a `postgres://` address (connected,
    /// its tables created), else a ``StrokeLog/SessionDirectory`` at that path.
    /// - Throws: ``PostgresAddressError`` or ``StrokeLog/StrokeLogError/storageUnavailable(_:)``
    ///   for a database that cannot be reached.
    public static func catalog(at store: String, logger: Logger = Logger(label: "sketchd.store")) throws
        -> any SessionCatalog
    {
        PostgresLocation.isPostgres(store)
            ? try PostgresSessionCatalog(url: store, logger: logger) : SessionDirectory(root: store)
    }
}
