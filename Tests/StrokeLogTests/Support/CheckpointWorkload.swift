@testable import SessionModel
@testable import StrokeLog

/// A seeded session workload for checkpoint tests: ``RandomOperations`` plus every few
/// operations one of the kinds it does not make (moves, merges, splits, renames, themes,
/// consent, pressure strokes, recognizer runs), so the log exercises every part of the fold.
struct CheckpointWorkload {
    private var random: RandomOperations
    private var count = 0

    init(seed: UInt64) { random = RandomOperations(seed: seed) }

    /// One valid operation for `state`.
    mutating func next(for state: SessionState) -> PendingEvent {
        count += 1
        let live = state.liveStrokes.map(\.id)
        guard count % 4 == 0, live.count >= 2 else { return random.next(for: state) }
        let author = ["ana", "ben", "cleo"][count % 3]
        let pair = [live[count % live.count], live[(count / 4) % live.count]]
        let payload: EventPayload
        switch (count / 4) % 9 {
        case 0, 1: payload = .strokesMoved(strokeIDs: pair, dx: Double(count % 17) / 8 - 1, dy: 2.375)
        case 2: payload = .strokesMerged(strokeIDs: Array(Set(pair)).count == 2 ? pair : Array(live.prefix(2)))
        case 3: payload = .strokesSplit(strokeIDs: [pair[0]])
        case 4: payload = .screenRenamed(screenID: Screen.mainID, name: "Main \(count)")
        case 5:
            payload = .metadataSet(
                MetadataChange(
                    trainingConsent: count % 8 == 0,
                    theme: Theme(
                        accent: "#ff8800", background: "#ffffff", cornerRadius: Double(count % 20), typeScale: 1.25)))
        case 6: payload = .recognitionRun(model: "test-model", sawSeq: state.lastSeq)
        case 7: payload = .screenAdded(Screen(id: "wide\(count % 2)", name: "Wide", width: 820, height: 600))
        default:
            let y = Double(100 + count % 300)
            let points = (0..<5).map { (i: Int) -> StrokePoint in
                let step = Double(i)
                return StrokePoint(x: 40 + step * 9, y: y, t: step * 16, pressure: step / 4)
            }
            payload = .strokeAdded(Stroke(id: "\(author)-p\(count)", points: points))
        }
        return PendingEvent(author: author, clientOpID: "\(author):w\(count)", payload: payload)
    }

    /// Appends `total` operations to `log` in batches of 1 to 17 (so checkpoint boundaries fall
    /// inside batches), every operation checked against the state as it stands.
    mutating func fill(_ log: SessionLog, total: Int) throws {
        var batchSize = 1
        while log.store.lastSeq < Int64(total) {
            var scratch = log.state
            var batch: [PendingEvent] = []
            for _ in 0..<min(batchSize, total - Int(log.store.lastSeq)) {
                let event = next(for: scratch)
                guard (try? scratch.check(event.payload.validated())) != nil else { continue }
                scratch.apply(
                    EventRecord(
                        seq: scratch.lastSeq + 1, author: event.author, clientOpID: event.clientOpID, serverTime: 0,
                        payload: try event.payload.validated()))
                batch.append(event)
            }
            _ = try log.append(batch)
            batchSize = batchSize % 17 + 1
        }
    }
}
