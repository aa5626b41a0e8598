import Foundation
import StrokeLog

/// Replay to the head and to the middle of a session of `eventCount` synthetic events, through a
/// read-only connection as the daemon's replay does: folded on from the newest checkpoint
/// against folded from the first event. Prints p50 and max of `runs` runs of each.
func benchReplay(in directory: SessionDirectory, eventCount: Int, runs: Int = 7) throws {
    let log = try directory.create("replay")
    let events = syntheticEvents(count: eventCount)
    for start in stride(from: 0, to: events.count, by: 1000) {
        _ = try log.append(Array(events[start..<min(start + 1000, events.count)]))
    }
    let plain = try directory.create("replay-without-checkpoints")
    plain.store.checkpointPolicy = CheckpointPolicy(interval: .max)
    for start in stride(from: 0, to: events.count, by: 1000) {
        _ = try plain.append(Array(events[start..<min(start + 1000, events.count)]))
    }
    let plainSize =
        (try FileManager.default.attributesOfItem(atPath: directory.path(of: "replay-without-checkpoints"))[.size]
            as? Int) ?? 0
    let path = directory.path(of: "replay")
    let head = log.store.lastSeq
    let kept = try log.store.storedCheckpoints()
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(
        String(
            format: "replay bench: %d events, %d checkpoints kept (%@), file %.1f MB (%.1f MB without checkpoints)",
            head, kept.count, kept.map { String($0.seq) }.joined(separator: ","), Double(size) / 1e6,
            Double(plainSize) / 1e6))
    for target in [head, head / 2 + 500] {
        var timings: [Bool: [Double]] = [true: [], false: []]
        var hashes: [Bool: String] = [:]
        for _ in 0..<runs {
            for fromCheckpoints in [true, false] {
                var state = SessionState()
                timings[fromCheckpoints]!.append(
                    try milliseconds {
                        state = try EventStore(readingExisting: path).replay(
                            through: target, fromCheckpoints: fromCheckpoints
                        ).state
                    })
                hashes[fromCheckpoints] = state.stateHash
            }
        }
        precondition(hashes[true] == hashes[false], "checkpointed replay differs from replay from zero")
        let with = timings[true]!.sorted()
        let without = timings[false]!.sorted()
        print(
            String(
                format:
                    "  replay to seq %d: from checkpoint p50 %.0f ms (max %.0f), from zero p50 %.0f ms (max %.0f), %d runs",
                target, percentile(with, 0.5), with.last!, percentile(without, 0.5), without.last!, runs))
    }
    // The writer's cost: single-event commits up to the next boundary, the last one storing a checkpoint.
    var plainCommits: [Double] = []
    var boundaryCommit = 0.0
    for n in 1...Int(log.store.checkpointPolicy.interval) {
        let event = PendingEvent(author: "bench", clientOpID: "after\(n)", payload: stroke("after\(n)", n, points: 30))
        let elapsed = try milliseconds { _ = try log.append(event) }
        if log.store.checkpointPolicy.isBoundary(log.store.lastSeq) {
            boundaryCommit = elapsed
        } else {
            plainCommits.append(elapsed)
        }
    }
    plainCommits.sort()
    print(
        String(
            format:
                "  one-event commits at seq %d+: p50 %.2f ms, p99 %.2f ms; the commit that stores the checkpoint at %d: %.1f ms",
            head, percentile(plainCommits, 0.5), percentile(plainCommits, 0.99), log.store.lastSeq, boundaryCommit))
    // Of that commit, what encoding and hashing the state take (the rest is SQLite's write and fsync).
    var encoded: [UInt8] = []
    let encoding = try milliseconds { encoded = log.state.checkpointEncoded() }
    let hashing = try milliseconds { _ = SessionState.checkpointDigest(encoded) }
    print(
        String(
            format: "  encoding the state at %d: %.1f ms, %.1f MB; its SHA-256: %.1f ms",
            log.store.lastSeq, encoding, Double(encoded.count) / 1_000_000, hashing))
}

/// The 1, 5 and 15 minute load averages, as `/proc/loadavg` gives them.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
