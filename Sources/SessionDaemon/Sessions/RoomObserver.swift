/// What the sessions service tells whoever derives results from the rooms (the
/// ``ResultsService``), so that Sessions does not depend on Results.
@ServiceLoop
protocol RoomObserver: AnyObject {
    /// A room opened on its stored state.
    func opened(_ room: SessionRoom)
    /// What the room shows may have changed: its state moved on.
    func changed(_ room: SessionRoom)
    /// The room closed (or is closing): nothing more is derived from it.
    func closed(_ room: SessionRoom)
    /// The node has no open room left: what was kept for later results is for nobody.
    func allRoomsClosed()
    /// `client` caught up with `room` and is live.
    func caughtUp(_ client: Client, in room: SessionRoom)
}
