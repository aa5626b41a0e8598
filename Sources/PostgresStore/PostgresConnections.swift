import Dispatch
import Logging
import PostgresNIO
import StrokeLog
import Synchronization

/// Connections to one PostgreSQL server, each lent to one synchronous caller at a time: a
/// session's writer holds one across a transaction's statements on its own thread. (PostgresNIO's
/// `PostgresClient` lends connections only inside an async closure, which a synchronous writer
/// thread cannot hold open across its own code.)
///
/// Every call blocks its thread until the server answers: call from writer queues and blocking
/// pools, never from an event loop or the Swift concurrency pool. No statement is ever given a
/// timeout: a commit waiting for a synchronous standby must be waited for, since cancelling it
/// would leave it committed on the primary alone.
final class PostgresConnections: Sendable {
    /// The most connections open at once; callers beyond it wait for one to be given back.
    let capacity: Int
    private let location: PostgresLocation
    private let logger: Logger
    private let lendable: DispatchSemaphore
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)

    init(location: PostgresLocation, capacity: Int, logger: Logger) {
        self.location = location
        self.capacity = max(1, capacity)
        self.logger = logger
        lendable = DispatchSemaphore(value: max(1, capacity))
    }

    /// Runs `body` with a connection of its own, opening one when none is idle. A connection
    /// that failed (closed, or unreachable) is not given back.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        lendable.wait()
        defer { lendable.signal() }
        var connection = idle.withLock { $0.popLast() }
        if let found = connection, found.isClosed { connection = nil }
        let lent = try connection ?? open()
        do {
            let result = try body(lent)
            idle.withLock { $0.append(lent) }
            return result
        } catch {
            if lent.isClosed || (error as? StrokeLogError)?.code == "storage_unavailable" {
                _ = try? lent.close().wait()
            } else {
                idle.withLock { $0.append(lent) }
            }
            throw error
        }
    }

    /// Runs `body` inside `BEGIN ... COMMIT` on one connection, rolling back when it throws. A
    /// commit whose answer is lost (the connection dropped) may have committed: it throws
    /// ``StrokeLogError/storageUnavailable(_:)``, and the caller learns the truth from the
    /// stored rows (an op retried by its client is then answered as a duplicate).
    func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in
            try connection.run("BEGIN", logger: logger)
            let result: T
            do {
                result = try body(connection)
            } catch {
                do {
                    try connection.run("ROLLBACK", logger: logger)
                } catch {
                    _ = try? connection.close().wait()
                }
                throw error
            }
            try connection.run("COMMIT", logger: logger)
            return result
        }
    }

    deinit { close() }

    /// Closes the idle connections (PostgresNIO requires every connection closed before it is
    /// released); a lent one is closed when it comes back failed, else kept idle.
    func close() {
        for connection in idle.withLock({ idle in defer { idle = [] }; return idle }) {
            _ = try? connection.close().wait()
        }
    }

    private func open() throws -> PostgresConnection {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        do {
            return try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: location.configuration, id: id, logger: logger
            ).wait()
        } catch {
            throw StrokeLogError.storageUnavailable("\(location): cannot connect: \(PostgresFailure.describe(error))")
        }
    }
}

extension PostgresConnection {
    /// Runs `query` and collects its rows, blocking the calling thread.
    /// - Throws: ``StrokeLogError/storageUnavailable(_:)`` when the server cannot be reached or
    ///   the connection drops, ``StrokeLogError/storage(_:)`` when it refuses the statement.
    ///
    /// The answer is awaited until the connection closes, whichever comes first: a query in
    /// flight when a database host was lost has been seen never to be answered once its
    /// connection closed, which would hold its writer forever.
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) throws -> PostgresQueryResult {
        let answer = eventLoop.makePromise(of: PostgresQueryResult.self)
        self.query(query, logger: logger).cascade(to: answer)
        closeFuture.whenComplete { _ in
            // Ignored when the query was answered first (a promise completes once).
            answer.fail(StrokeLogError.storageUnavailable("the connection to the database closed"))
        }
        do {
            return try answer.futureResult.wait()
        } catch {
            throw PostgresFailure.strokeLogError(error)
        }
    }
}

/// PostgreSQL's errors as the log's typed ones.
enum PostgresFailure {
    /// SQLSTATE class 08 (connection exceptions), 57P (operator intervention: shutdown,
    /// cancellation), 53 (insufficient resources) and 25006 (a read-only transaction: the server
    /// is no longer the primary, a failover demoted it): the server, not the statement, failed.
    static func isUnavailable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return true }
        guard let state = error.serverInfo?[.sqlState] else { return true }
        return state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("53") || state == "25006"
    }

    static func strokeLogError(_ error: any Error) -> StrokeLogError {
        if let known = error as? StrokeLogError { return known }
        return isUnavailable(error) ? .storageUnavailable(describe(error)) : .storage(describe(error))
    }

    /// The server's message and SQLSTATE, or the client-side failure (PSQLError's own
    /// description hides both).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
        }
        return "\(error.code)"
    }
}
