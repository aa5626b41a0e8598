import ArgumentParser
import PostgresStore
import StrokeLog

/// `--data-dir` (or `--store`) and `--session`, shared by the commands that open a session.
struct SessionOptions: ParsableArguments {
    @OptionGroup var location: StoreOptions

    @Option(name: .long, help: "The session's name.")
    var session: String

    /// Where the sessions are.
    func catalog() throws -> any SessionCatalog { try location.catalog() }
}

/// `--data-dir` or `--store`: where the sessions are.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The directory holding the session files.")
    var dataDir: String = "./data"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the sessions are instead of --data-dir: a directory, or the PostgreSQL database sketchd --store names.",
            valueName: "directory|postgres://user@host:port/database"))
    var store: String?

    /// The directory or database named.
    var named: String { store ?? dataDir }

    /// The catalog of the directory or database.
    func catalog() throws -> any SessionCatalog { try SessionStores.catalog(at: named) }
}
