import Dispatch
import Logging
import Synchronization

/// Tells the database's other writers (``PostgresChangeListener``) which sessions this catalog
/// changed, once each commit has returned, in a transaction of its own.
///
/// A `NOTIFY` locks the whole database from its transaction's commit to the transaction's end,
/// and with a synchronous standby that end waits for the standby: notifying inside each append
/// made the appends of every session wait for the standby one after the other. So appends
/// notify nothing; each names its session here (``changed(_:)``), and one transaction every
/// ``interval`` at most notifies every name gathered since the one before, with
/// `synchronous_commit` off for itself alone (a notification is not data, and is delivered at
/// the commit either way). A notification thus always follows the commit it tells of, within
/// about ``interval``, and costs the appends nothing: one small transaction for all the
/// sessions a node changed in that time, not one per commit.
///
/// When the database cannot be reached the names are kept and sent a second later, and then
/// every second.
final class PostgresChangeNotifier: Sendable {
    /// The least time between two notifying transactions, and the longest a change waits to be
    /// told (the database permitting).
    static let interval = DispatchTimeInterval.milliseconds(50)

    private let connections: PostgresConnections
    private let writerID: String
    private let logger: Logger
    private let queue = DispatchQueue(label: "sketchd.postgres.notify")
    private let state = Mutex(State())

    private struct State {
        /// Sessions changed and not yet told.
        var pending: Set<String> = []
        /// Whether a send is under way or scheduled, which will take ``pending`` too.
        var sending = false
        var closed = false
    }

    init(location: PostgresLocation, writerID: String, logger: Logger) {
        connections = PostgresConnections(location: location, capacity: 1, logger: logger)
        self.writerID = writerID
        self.logger = logger
    }

    /// `session`'s commit returned: the other writers are told, soon, without waiting here.
    func changed(_ session: String) {
        let start = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.pending.insert(session)
            guard !state.sending else { return false }
            state.sending = true
            return true
        }
        if start { queue.asyncAfter(deadline: .now() + Self.interval) { self.sendPending() } }
    }

    /// Sends what is pending now, and waits for it (a store closing, a command ending), unless
    /// nothing is. Call it on a thread that may wait for the database.
    func flush() {
        guard state.withLock({ !$0.pending.isEmpty }) else { return }
        queue.sync { _ = sendTaken() }
    }

    /// Stops taking changes, sends what is pending, waiting for it, and closes the connection.
    func close() {
        state.withLock { $0.closed = true }
        queue.sync { _ = sendTaken() }
        connections.close()
    }

    /// On ``queue``: sends what is pending, and again an ``interval`` later while more comes;
    /// on failure, again a second later. Once closed it sends nothing (``close()`` sends the rest).
    private func sendPending() {
        let stop = state.withLock { state -> Bool in
            guard state.closed || state.pending.isEmpty else { return false }
            state.sending = false
            return true
        }
        guard !stop else { return }
        if let error = sendTaken() {
            logger.warning(
                "could not tell the other writers of this node's commits; trying again",
                metadata: ["error": "\(PostgresFailure.describe(error))"])
            queue.asyncAfter(deadline: .now() + 1) { self.sendPending() }
        } else {
            queue.asyncAfter(deadline: .now() + Self.interval) { self.sendPending() }
        }
    }

    /// On ``queue``: takes what is pending and sends it; what could not be sent is pending again.
    private func sendTaken() -> (any Error)? {
        let names = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        guard !names.isEmpty else { return nil }
        do {
            try send(names)
            return nil
        } catch {
            state.withLock { $0.pending.formUnion(names) }
            return error
        }
    }

    private func send(_ names: Set<String>) throws {
        let notes = names.sorted().map { PostgresChangeListener.payload(session: $0, writer: writerID) }
        _ = try connections.withConnection { connection in
            try connection.run(
                "SELECT sketchd_notify(\(PostgresChangeListener.channel), \(notes))", logger: logger)
        }
    }
}
