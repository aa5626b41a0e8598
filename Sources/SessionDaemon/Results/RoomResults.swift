/// What the results service keeps of one open room: its recognition scheduler and the results
/// last published to its members.
@ServiceLoop
final class RoomResults {
    unowned let room: SessionRoom
    let scheduler: RecognitionScheduler
    var published = PublishedResults()

    init(room: SessionRoom, scheduler: RecognitionScheduler) {
        self.room = room
        self.scheduler = scheduler
    }
}

/// A connection's replays and exports: their rate, and whether one is being worked on.
struct HeavyRequests {
    var bucket: TokenBucket
    var inFlight = false
}
