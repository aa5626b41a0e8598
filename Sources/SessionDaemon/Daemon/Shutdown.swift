/// Where clean shutdown (SIGTERM, SIGINT) has got to; the ``Daemon`` moves it on, the transport
/// and the results service read it.
///
/// 1. `draining`: stop taking messages, cancel recognition, close every open session: its
///    writer commits what it was given (the acks of those commits are queued to their senders),
///    then its SQLite connections close (no `-wal` or `-shm` left behind).
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
    private var deadline = Double.infinity

    var isRunning: Bool { phase == .running }

    /// Stops taking messages.
    func beginDraining() {
        if phase == .running { phase = .draining }
    }

    /// The writers are drained; close frames go out now, at `now`.
    func beginClosing(now: Double, connectionsLeft: Int) {
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
