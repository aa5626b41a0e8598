import BenchSupport
import Foundation
import WebSocketClient

// sketchd-results-bench: the progress guarantee for results (issue 22, PROTOCOL.md "Results").
// --peers clients in one session, whose screen holds --fixed boxes, each draw a box stroke --rate
// times a second (erasing their box of 4 strokes before, so every stroke changes the
// recognition and the screen keeps its size) for --seconds after a --warm-up,
// while --load other processes keep cores busy (default: one per core). For every stroke it
// reports the time from sending it to the first result its sender receives that covers it
// (`recognition`, `code` or `codeDiff` with a seq at or past the stroke's): p50 / p95 / p99 /
// max over all strokes, the worst peer's p99, and strokes never covered within --drain seconds.
// Usage: sketchd-results-bench [--sketchd .build/release/sketchd] [--peers 5] [--rate 4]
//        [--fixed 35] [--seconds 30] [--warm-up 3] [--drain 15] [--load N] [--sketchd-arg FLAG ...]

struct Settings {
    var sketchd = ".build/release/sketchd"
    var peers = 5
    var rate = 4.0
    var fixed = 35
    var seconds = 30.0
    var warmUp = 3.0
    var drain = 15.0
    var load = ProcessInfo.processInfo.activeProcessorCount
    var sketchdArguments: [String] = []

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.fail("\(flag) needs a value") }
            switch flag {
            case "--sketchd": sketchd = value
            case "--peers": peers = max(1, Int(value) ?? peers)
            case "--rate": rate = Double(value) ?? rate
            case "--fixed": fixed = min(35, max(0, Int(value) ?? fixed))
            case "--seconds": seconds = Double(value) ?? seconds
            case "--warm-up": warmUp = Double(value) ?? warmUp
            case "--drain": drain = Double(value) ?? drain
            case "--load": load = max(0, Int(value) ?? load)
            case "--sketchd-arg": sketchdArguments.append(value)
            default: Self.fail("unknown flag \(flag)")
            }
        }
        if peers > 5 { Self.fail("--peers: at most 5 (each peer has a row of 8 cells)") }
        if !(rate > 0) { Self.fail("--rate must be positive") }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("sketchd-results-bench: \(message)\n".utf8))
        exit(2)
    }
}

/// Polls the peers' sockets and sends their strokes until `drawUntil`; reads until `stopAt`.
func drive(_ peers: [ResultsPeer], drawUntil: Double, stopAt: Double) {
    var descriptors = peers.map { pollfd(fd: $0.socket.fileDescriptor, events: Int16(POLLIN), revents: 0) }
    while now() < stopAt {
        var nextDue = stopAt
        if now() < drawUntil {
            for peer in peers {
                peer.sendDue(at: now())
                nextDue = min(nextDue, peer.nextStrokeAt)
            }
        }
        let wait = max(0, min(50, Int32(((nextDue - now()) * 1000).rounded(.up))))
        guard poll(&descriptors, nfds_t(descriptors.count), wait) > 0 else { continue }
        for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
            if !peers[slot].read() { descriptors[slot].fd = -1 }
            descriptors[slot].revents = 0
        }
    }
}

func milliseconds(_ latencies: Latencies, _ q: Double) -> String {
    latencies.milliseconds(q).map { String(format: "%.0f", $0) } ?? "n/a"
}

/// Seconds from stroke to covering result of `count` strokes drawn one at a time by `peer`, each
/// after the last one's result: what one recognition run takes on this machine now (plus a
/// commit and a round trip), for the bound `0.25 s + 2 runs`.
func isolatedRuns(_ peer: ResultsPeer, count: Int) -> [Double] {
    (0..<count).compactMap { _ in
        let number = peer.strokeCount
        peer.nextStrokeAt = now()
        peer.sendDue(at: now())
        let deadline = now() + 30
        while now() < deadline, peer.coveringLatency(ofStroke: number) == nil {
            var descriptor = pollfd(fd: peer.socket.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0, !peer.read() { break }
        }
        return peer.coveringLatency(ofStroke: number)
    }
}

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
let daemonLog = NSTemporaryDirectory() + "sketchd-results-bench-\(getpid()).log"
let daemon = try BenchDaemon(binary: settings.sketchd, extraArguments: settings.sketchdArguments, log: daemonLog)
defer { daemon.stop() }
let session = try BenchSession(port: daemon.port, number: 0, boxes: settings.fixed, box: ResultsPeer.fixedBox)
let peers = try (0..<settings.peers).map { index in
    ResultsPeer(
        socket: try session.join(port: daemon.port, clientId: "peer\(index)"), index: index,
        interval: 1 / settings.rate, firstStrokeAt: 0)
}
print(
    "sketchd-results-bench: \(settings.peers) peers in one session of \(settings.fixed) fixed boxes, each a box stroke (41 points) \(settings.rate) times a second, "
        + "\(settings.seconds) s measured after \(settings.warmUp) s warm-up; \(settings.load) busy-loop processes beside the daemon; loopback"
)
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; load average before \(loadAverage())")
let load = try CPULoad(count: settings.load)
let runs = Latencies(isolatedRuns(peers[0], count: 10))
let start = now() + 0.5
for peer in peers { peer.nextStrokeAt = start + Double(peer.index) / (settings.rate * Double(settings.peers)) }
let measureFrom = start + settings.warmUp
let measureUntil = measureFrom + settings.seconds
let cpuBefore = daemon.cpuSeconds()
drive(peers, drawUntil: measureUntil, stopAt: measureUntil + settings.drain)
let cpuAfter = daemon.cpuSeconds()
print("load average at the end \(loadAverage())")
load.stop()

let perPeer = peers.map { $0.strokeToCoveringResult(in: measureFrom..<measureUntil) }
let all = Latencies(perPeer.flatMap { $0.compactMap { $0 } })
let missing = perPeer.reduce(0) { $0 + $1.filter { $0 == nil }.count }
let strokes = perPeer.reduce(0) { $0 + $1.count }
print("| strokes | stroke -> covering result p50 / p95 / p99 / max | worst peer p99 | never covered | daemon CPU |")
print("|---|---|---|---|---|")
let worstPeer = perPeer.map { Latencies($0.compactMap { $0 }).milliseconds(0.99) ?? .infinity }.max() ?? .infinity
let cpu =
    cpuBefore.flatMap { before in
        cpuAfter.map { String(format: "%.2f cores", ($0 - before) / (settings.seconds + settings.drain)) }
    } ?? "n/a"
print(
    "| \(strokes) | \(milliseconds(all, 0.5)) / \(milliseconds(all, 0.95)) / \(milliseconds(all, 0.99)) / \(milliseconds(all, 1)) ms | "
        + String(format: "%.0f ms", worstPeer) + " | \(missing) | \(cpu) |")
print("one run alone (10 strokes, each after the last one's result): \(runs.summary)")
// The daemon checks each result against the bound with the runs it timed (ResultProgress).
let late =
    ((try? String(contentsOfFile: daemonLog, encoding: .utf8)) ?? "").components(
        separatedBy: "later than the progress bound"
    ).count - 1
print("results the daemon logged as later than its bound (0.25 s + 2 recent runs): \(late) (daemon log: \(daemonLog))")
for peer in peers {
    for number in 0..<peer.strokeCount where peer.coveringLatency(ofStroke: number) == nil {
        print("never covered: \(peer.diagnosis(ofStroke: number))")
    }
}
let failures = peers.flatMap(\.failures)
if !failures.isEmpty { print("\(failures.count) client failures, first: \(failures[0])") }
