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
        for connection in idle.withLock({ idle in
            defer { idle = [] }
            return idle
        }) {
            _ = try? connection.close().wait()
        }
    }

    private func open() throws -> PostgresConnection {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        do {
            return try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: location.configuration, id: id,
                logger: logger
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
    /// The answer is awaited for as long as the connection is open (a commit waiting for a
    /// standby is never given up on), and no longer: a query in flight when a database host was
    /// lost has been seen never to be answered once its connection closed, which would hold its
    /// writer forever. The connection is looked at every half second while an answer is due.
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) throws -> PostgresQueryResult {
        switch try answer(to: query, logger: logger) {
        case .success(let rows): return rows
        case .failure(let error): throw PostgresFailure.strokeLogError(error)
        }
    }

    /// Runs `query` as ``run(_:logger:)`` does, but returns nil when the server refuses it with
    /// one of `states` (SQLSTATE codes), which the caller expects and handles.
    func run(_ query: PostgresQuery, logger: Logger, unlessRefusedWith states: Set<String>) throws
        -> PostgresQueryResult?
    {
        switch try answer(to: query, logger: logger) {
        case .success(let rows): return rows
        case .failure(let error):
            if let state = PostgresFailure.sqlState(of: error), states.contains(state) { return nil }
            throw PostgresFailure.strokeLogError(error)
        }
    }

    /// The server's answer to `query`; throws only when the connection closed first.
    private func answer(to query: PostgresQuery, logger: Logger) throws -> Result<PostgresQueryResult, any Error> {
        let answer = QueryAnswer()
        self.query(query, logger: logger).whenComplete { answer.deliver($0) }
        var answered = false
        while !answered {
            answered = answer.arrived.wait(timeout: .now() + .milliseconds(500)) == .success
            if !answered, isClosed {
                answered = answer.arrived.wait(timeout: .now()) == .success
                if !answered { throw StrokeLogError.storageUnavailable("the connection to the database closed") }
            }
        }
        return answer.result
    }
}

/// A query's answer, handed from the event loop to the thread waiting for it.
private final class QueryAnswer: Sendable {
    let arrived = DispatchSemaphore(value: 0)
    private let value = Mutex<Result<PostgresQueryResult, any Error>?>(nil)

    func deliver(_ result: Result<PostgresQueryResult, any Error>) {
        value.withLock { $0 = result }
        arrived.signal()
    }

    /// The answer; read only after ``arrived`` was signalled.
    var result: Result<PostgresQueryResult, any Error> { value.withLock { $0! } }
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

    /// The SQLSTATE of the server's refusal, nil when the failure was not the server's answer.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
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
