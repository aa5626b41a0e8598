import Foundation

/// Clean shutdown on SIGTERM and SIGINT.
///
/// 1. Stop taking messages (`draining`); cancel recognition.
/// 2. Await, from a worker, every session writer committing what it was given; the acks of
///    those commits are queued to their senders.
/// 3. Back on the service thread, queue a close frame (1001) behind what each connection still
///    has to send, and service the loop until every connection is gone or 3 s have passed.
extension Daemon {
    func beginShutdown() {
        shutdown = .draining
        logger.info("shutting down: committing what was acknowledged, then closing connections")
        let rooms = registry.openRooms
        rooms.forEach { $0.scheduler.cancel() }
        let writers = rooms.map(\.writer)
        Task.immediate {
            await self.workers.run { writers.forEach { $0.drain() } }
            self.closeAllConnections()
        }
    }

    private func closeAllConnections() {
        shutdown = .closingConnections
        shutdownDeadline = clock.seconds + 3
        if connections.isEmpty { shutdown = .finished }
        for connection in connections.values {
            close(connection, code: 1001, reason: "server shutting down")
        }
    }
}
