import Foundation
import StrokeLog

/// The CPU one change costs the daemon's session writer, on sessions of several sizes: a stroke
/// or its undo committed alone (as `SessionWriter` commits one change at 20 sessions), with a
/// copy of the state kept across each commit as the service thread keeps the newest state; and
/// the fold step alone under the same copy. CPU time of this thread (`CLOCK_THREAD_CPUTIME_ID`:
/// SQLite, the fold and the kernel's share of the fsync), so a busy machine changes it little.
func benchCommitCPU(in directory: SessionDirectory, sizes: [Int] = [200, 2000], rounds: Int = 600) throws {
    for size in sizes {
        let log = try directory.create("commit-\(size)")
        let filler = (0..<size).map { n in
            PendingEvent(author: "fill", clientOpID: "fill\(n)", payload: stroke("f\(n)", n, points: 30))
        }
        for start in stride(from: 0, to: filler.count, by: 500) {
            _ = try log.append(Array(filler[start..<min(start + 500, size)]))
        }
        let change = { (author: String, round: Int) -> EventPayload in
            round % 2 == 0 ? stroke("\(author)-\(round)", round, points: 30) : .undo
        }

        var held = log.state
        let commit = try threadCPUMilliseconds {
            for round in 0..<rounds {
                _ = try log.append([
                    PendingEvent(author: "ana", clientOpID: "ana:\(round)", payload: change("ana", round))
                ])
                held = log.state
            }
        }
        var state = log.state
        let fold = threadCPUMilliseconds {
            for round in 0..<rounds {
                let seq = state.lastSeq + 1
                state.apply(
                    EventRecord(
                        seq: seq, author: "ben", clientOpID: "ben:\(round)", serverTime: 0,
                        payload: change("ben", round)))
                held = state
            }
        }
        // Every stroke was stored and folded, then undone: the last undo is the one redo left.
        precondition(
            held.lastSeq == state.lastSeq && log.state.redoStack(of: "ana").count == 1
                && state.redoStack(of: "ben").count == 1)
        print(
            String(
                format:
                    "commit of one change (stroke or undo) beside a held copy, %5d strokes: %.1f us CPU per commit; the fold step alone %.1f us",
                size, commit * 1000 / Double(rounds), fold * 1000 / Double(rounds)))
    }
}

/// CPU milliseconds of the calling thread spent in `body`.
func threadCPUMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}
