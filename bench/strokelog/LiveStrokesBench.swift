import StrokeLog

/// What asking for a screen's live strokes costs (recognition asks after every change) on a
/// screen of 86 live strokes, as the session's history of strokes added and undone grows.
/// CPU time of this thread, per call.
func benchLiveStrokes(histories: [Int] = [0, 2_000, 20_000], calls: Int = 2_000) {
    for history in histories {
        var state = SessionState()
        var seq: Int64 = 0
        func apply(_ author: String, _ payload: EventPayload) {
            seq += 1
            state.apply(
                EventRecord(seq: seq, author: author, clientOpID: "\(author):\(seq)", serverTime: 0, payload: payload))
        }
        for n in 0..<86 { apply("ana", stroke("live\(n)", n, points: 30)) }
        for n in 0..<history {
            apply("ben", stroke("gone\(n)", n, points: 30))
            apply("ben", .undo)
        }
        var count = 0
        let cpu = threadCPUMilliseconds {
            for _ in 0..<calls { count += state.liveStrokes(onScreen: "main").count }
        }
        precondition(count == 86 * calls)
        print(
            String(
                format: "live strokes of a screen (86 live, %6d added and undone before): %.2f us CPU per call",
                history, cpu * 1000 / Double(calls)))
    }
}
