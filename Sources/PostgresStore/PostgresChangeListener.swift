import Dispatch
import Logging
import PostgresNIO
import Synchronization

/// Tells which sessions someone else changed in the database: another node serving the same
/// session during a routing flap, or `sketchctl`. After every append and metadata write a
/// notification on ``channel`` carries the session's name and the writing catalog's id
/// (``PostgresChangeNotifier``); this listens on one connection of its own and reports the names
/// another catalog wrote.
///
/// When its connection drops it connects again, a second later and then every second, and
/// reports `nil` once it listens again: anything may have changed meanwhile.
public final class PostgresChangeListener: Sendable {
    /// The notification channel.
    static let channel = "sketchd_sessions"

    private let location: PostgresLocation
    private let ownID: String
    private let logger: Logger
    private let changed: @Sendable (String?) -> Void
    private let state = Mutex(State())

    private struct State {
        var connection: PostgresConnection?
        var stopped = false
    }

    init(location: PostgresLocation, ownID: String, logger: Logger, changed: @escaping @Sendable (String?) -> Void) {
        self.location = location
        self.ownID = ownID
        self.logger = logger
        self.changed = changed
    }

    /// Connects and listens; on failure it keeps trying in the background.
    func start() {
        DispatchQueue.global().async { self.connect(reportingEverything: false) }
    }

    /// Stops listening for good.
    public func stop() {
        let connection = state.withLock { state in
            state.stopped = true
            return state.connection
        }
        _ = try? connection?.close().wait()
    }

    private func connect(reportingEverything: Bool) {
        guard !state.withLock({ $0.stopped }) else { return }
        do {
            let connection = try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: location.configuration, id: 0,
                logger: logger
            ).wait()
            do {
                try listen(on: connection)
            } catch {
                // PostgresNIO requires every connection closed before it is released.
                _ = try? connection.close().wait()
                throw error
            }
            let keep = state.withLock { state -> Bool in
                if state.stopped { return false }
                state.connection = connection
                return true
            }
            guard keep else {
                _ = try? connection.close().wait()
                return
            }
            connection.closeFuture.whenComplete { _ in self.reconnectSoon() }
            if reportingEverything { changed(nil) }
        } catch {
            logger.warning(
                "not listening for other writers' changes; trying again",
                metadata: ["error": "\(PostgresFailure.describe(error))"])
            reconnectSoon()
        }
    }

    /// Listens on `connection`, reporting what other catalogs wrote.
    private func listen(on connection: PostgresConnection) throws {
        let ownID = ownID
        let changed = changed
        connection.addListener(channel: Self.channel) { _, notification in
            guard let (session, writer) = Self.parse(notification.payload), writer != ownID else { return }
            changed(session)
        }
        try connection.run("LISTEN \(unescaped: Self.channel)", logger: logger)
    }

    private func reconnectSoon() {
        guard !state.withLock({ $0.stopped }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { self.connect(reportingEverything: true) }
    }

    /// The notification payload: the session's name and the writer's id, space-separated.
    static func payload(session: String, writer: String) -> String { "\(session) \(writer)" }

    static func parse(_ payload: String) -> (session: String, writer: String)? {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
