import BenchSupport
import Dispatch
import Foundation
import PostgresStore
import StrokeLog
import Synchronization

// Appends per second through one store, from many sessions at once: each of --sessions sessions
// has its own thread appending one 41-point stroke at a time (the next as soon as the last
// returned, as a session's writer does under load) for --seconds. Prints the appends a second
// of all of them and the latency of one append (p50 / p95 / p99 / max). See README.md.
//
//   store-append-bench --store postgres://... [--sessions 40] [--seconds 10]
//   store-append-bench --store /tmp/dir ...        (SQLite files)

func option(_ name: String, _ fallback: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}

let store = option("--store", "")
let sessions = Int(option("--sessions", "40")) ?? 40
let seconds = Double(option("--seconds", "10")) ?? 10
guard !store.isEmpty, sessions > 0, seconds > 0 else {
    print("usage: store-append-bench --store postgres://...|DIR [--sessions N] [--seconds S]")
    exit(2)
}

@Sendable func strokeEvent(author: String, n: Int) -> PendingEvent {
    let points = (0..<41).map { StrokePoint(x: Double(20 + $0), y: Double(100 + n % 300), t: Double($0 * 16)) }
    return PendingEvent(
        author: author, clientOpID: "\(author):\(n)",
        payload: .strokeAdded(Stroke(id: "\(author):s\(n)", points: points)))
}

let catalog = try SessionStores.catalog(at: store)
let run = UUID().uuidString.prefix(8).lowercased()
nonisolated(unsafe) let logs = try (0..<sessions).map { try catalog.create("bench-\(run)-\($0)") }
let latencies = Mutex<[Double]>([])
let failures = Atomic<Int>(0)
let group = DispatchGroup()
print(
    "store: \(catalog is PostgresSessionCatalog ? "PostgreSQL" : "SQLite files"), \(sessions) sessions, \(seconds) s, load average \(loadAverage())"
)
let start = now()
for index in 0..<sessions {
    let thread = Thread {
        var mine: [Double] = []
        var n = 0
        while now() < start + seconds {
            n += 1
            let before = now()
            do {
                _ = try logs[index].append(strokeEvent(author: "w\(index)", n: n))
                mine.append(now() - before)
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        latencies.withLock { $0 += mine }
        group.leave()
    }
    group.enter()
    thread.start()
}
group.wait()
let elapsed = now() - start
let appends = Latencies(latencies.withLock { $0 })
print(
    String(
        format: "appends: %d in %.1f s, %.0f a second; failed %d", appends.count, elapsed,
        Double(appends.count) / elapsed, failures.load(ordering: .relaxed)))
print("one append: \(appends.summary)")
