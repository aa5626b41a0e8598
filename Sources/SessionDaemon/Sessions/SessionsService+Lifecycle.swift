/// Stopping with the daemon.
extension SessionsService: LifecycleService {
    /// Closes every open session: each writer commits what it was given (its acks are queued),
    /// then the session's files close. Returns once all are closed.
    func shutDown() async {
        await registry.closeAllRooms()
    }

    /// How many sessions are closing and not yet closed (their writers still committing).
    var closesUnderWay: Int { registry.closesUnderWay }
}
