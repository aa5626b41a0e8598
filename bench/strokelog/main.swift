import Foundation
import StrokeLog

// StrokeLog benchmark: replay of a 20,000-event session from checkpoints and from zero, load time
// of a 100,000-event session and append latency/throughput with synchronous = FULL.
// Run: swift run -c release strokelog-bench [events]
// `strokelog-bench commit` runs only the CPU of one change's commit (CommitBench.swift).

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func stroke(_ id: String, _ n: Int, points: Int) -> EventPayload {
    let base = Double(n % 700)
    return .strokeAdded(
        Stroke(
            id: id,
            points: (0..<points).map {
                StrokePoint(x: Double(($0 * 7 + n) % 390), y: base + Double($0 % 13), t: Double($0 * 16))
            }))
}

/// A realistic mix: mostly strokes of 30 points, with erases, undos, redos and corrections.
func syntheticEvents(count: Int) -> [PendingEvent] {
    var events: [PendingEvent] = []
    var strokeIDs: [String] = []
    for n in 0..<count {
        let author = "author\(n % 8)"
        let payload: EventPayload
        switch n % 20 {
        case 0 where !strokeIDs.isEmpty: payload = .strokesErased(strokeIDs: [strokeIDs[n % strokeIDs.count]])
        case 1: payload = .undo
        case 2: payload = .redo
        case 3 where !strokeIDs.isEmpty:
            payload = .labelCorrected(strokeIDs: [strokeIDs[(n * 7) % strokeIDs.count]], label: "button")
        default:
            let id = "\(author)-s\(n)"
            strokeIDs.append(id)
            payload = stroke(id, n, points: 30)
        }
        events.append(PendingEvent(author: author, clientOpID: "op\(n)", payload: payload))
    }
    return events
}

let eventCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let root = NSTemporaryDirectory() + "strokelog-bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: root) }
let directory = SessionDirectory(root: root)
if CommandLine.arguments.dropFirst().first == "commit" {
    print("load average \(loadAverage())")
    try benchCommitCPU(in: directory)
    benchLiveStrokes()
    print("load average at the end: \(loadAverage())")
    exit(0)
}

print(
    "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; events: \(eventCount); load average \(loadAverage())"
)
try benchReplay(in: directory, eventCount: 20_000)
let big = try directory.create("big")
let events = syntheticEvents(count: eventCount)
let fill = try milliseconds {
    for start in stride(from: 0, to: events.count, by: 1000) {
        _ = try big.append(Array(events[start..<min(start + 1000, events.count)]))
    }
}
let size = (try FileManager.default.attributesOfItem(atPath: directory.path(of: "big"))[.size] as? Int) ?? 0
print(
    String(
        format: "filled %d events in %.0f ms (batches of 1000); file %.1f MB; live strokes %d",
        eventCount, fill, Double(size) / 1e6, big.state.liveStrokes.count))

var loads: [Double] = []
var decodes: [Double] = []
var hashes: [Double] = []
var hash = ""
for _ in 0..<5 {
    var reopened: SessionLog?
    loads.append(try milliseconds { reopened = try directory.open("big") })
    decodes.append(try milliseconds { try reopened!.store.forEachEvent { _ in } })
    hashes.append(milliseconds { hash = reopened!.state.stateHash })
}
loads.sort()
decodes.sort()
hashes.sort()
print(
    String(
        format: "load (open + quick_check + read + decode + fold) of %d events: p50 %.0f ms, max %.0f ms (5 runs)",
        eventCount, percentile(loads, 0.5), loads.last!))
print(
    String(
        format: "  of which read + decode alone: p50 %.0f ms; state hash afterwards: p50 %.0f ms",
        percentile(decodes, 0.5), percentile(hashes, 0.5)))
precondition(hash == big.state.stateHash, "reloaded state differs")

for batch in [1, 16] {
    let log = try directory.create("append\(batch)")
    var latencies: [Double] = []
    let rounds = 1000
    let total = try milliseconds {
        for round in 0..<rounds {
            let ops = (0..<batch).map { i in
                PendingEvent(
                    author: "a", clientOpID: "op\(round)-\(i)", payload: stroke("s\(round)-\(i)", round, points: 30))
            }
            latencies.append(try milliseconds { _ = try log.append(ops) })
        }
    }
    latencies.sort()
    print(
        String(
            format:
                "append, %2d event(s) per commit, synchronous=FULL: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms per commit; %.0f events/s",
            batch, percentile(latencies, 0.5), percentile(latencies, 0.95), percentile(latencies, 0.99),
            Double(rounds * batch) / (total / 1000)))
}
print("load average at the end: \(loadAverage())")
