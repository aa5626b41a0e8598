/// Where clean shutdown (SIGTERM, SIGINT) has got to; the ``Daemon`` moves it on, the transport
/// and the results service read it.
///
/// 1. `draining`: stop taking messages, cancel recognition, close every open session: its
///    writer commits what it was given (the acks of those commits are queued to their senders),
///    then its SQLite connections close (no `-wal` or `-shm` left behind). A commit that waits
///    longer than ``drainSeconds`` (a PostgreSQL commit waiting for a synchronous standby that
///    is down) is left waiting, never acknowledged: its op is still pending in its client, which
///    sends it again to whichever node serves the session next.
/// 2. `closingConnections`: a close frame (1001) is queued behind what each connection still
///    has to send; the loop is serviced until every connection is gone or 3 s have passed.
@ServiceLoop
final class Shutdown {
    /// The phases, in order.
    enum Phase {
        case running
        /// Waiting for the writers to commit what they were given.
        case draining
        /// Close frames sent; waiting for the connections to go.
        case closingConnections
        case finished
    }

    private(set) var phase = Phase.running
    /// How long the connections get to take their close frames.
    static let closeSeconds = 3.0
    /// How long the writers get to commit what they were given.
    static let drainSeconds = 10.0
    private var deadline = Double.infinity

    var isRunning: Bool { phase == .running }

    /// Stops taking messages, at `now`.
    func beginDraining(now: Double) {
        guard phase == .running else { return }
        phase = .draining
        deadline = now + Self.drainSeconds
    }

    /// Whether the writers have had their ``drainSeconds`` and some commit still waits.
    func drainOverdue(now: Double) -> Bool { phase == .draining && now > deadline }

    /// The writers are drained (or overdue); close frames go out now, at `now`. Only the first
    /// call after draining began moves on.
    func beginClosing(now: Double, connectionsLeft: Int) {
        guard phase == .draining else { return }
        phase = .closingConnections
        deadline = now + Self.closeSeconds
        update(connectionsLeft: connectionsLeft, now: now)
    }

    /// Called when a connection closed and on each tick: finishes once no connection is left
    /// or the close deadline has passed.
    func update(connectionsLeft: Int, now: Double) {
        if phase == .closingConnections, connectionsLeft == 0 || now > deadline { phase = .finished }
    }
}
