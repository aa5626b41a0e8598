import BenchSupport
import Foundation
import SessionProtocol
import WebSocketClient

// sketchd-bench: N clients in one session on loopback against a real `sketchd`.
// Measures ack latency, fan-out latency (stroke end -> last peer has the record), stroke end ->
// code on the peers (when the daemon has a recognizer), and the daemon's CPU and RSS.
// The screen first gets 39 boxes (a 4 x 10 grid); each measured stroke draws the 40th box and is
// then undone by its sender, so every measured stroke lands on a 40-element screen.
// The session has a client-minted id and every client connects to /ws/<that id>, so the bench
// also runs through a proxy that places sessions by path (--connect, bench/proxy/run.sh).
// Usage: sketchd-bench [--sketchd .build/release/sketchd] [--clients 50] [--strokes 300]
//        [--sketchd-arg FLAG --sketchd-arg VALUE ...]
//        sketchd-bench --connect PORT [--daemon-pid PID] ...   (a daemon or proxy already running)
//        sketchd-bench --budget-flags-for SKETCHD   (prints the flags that lift SKETCHD's budgets)
//        sketchd-bench --replay-hammer ...   (a view-only client replays at its rate limit meanwhile)
//        sketchd-bench --op-flood SECONDS [--flood-window 64] ... (a calm client's acks beside an op flood; OpFlood.swift)
//        sketchd-bench --handwriting WORDS [--writer 32] [--glyphs FILE] ... (one client writes words; HandwritingBench.swift)

struct Settings {
    var sketchd = ".build/release/sketchd"
    var clients = 50
    var strokes = 300
    /// Extra flags for sketchd (repeatable): --sketchd-arg --recognition-nice --sketchd-arg 0
    var sketchdArguments: [String] = []
    /// A port where a daemon or proxy already listens (nothing is started then).
    var connect: Int?
    /// That daemon's pid, for its CPU and RSS (none behind a proxy).
    var daemonPid: Int32?
    /// A view-only client hammers `replay` at its rate limit while the strokes are measured.
    var replayHammer = false
    /// Seconds of each phase of the op-flood bench (OpFlood.swift) instead of the stroke bench.
    var opFloodSeconds: Double?
    /// Unanswered ops each flooding connection may have (0: unbounded).
    var floodWindow = 64
    /// Words one client writes letter by letter instead of the box strokes (HandwritingBench.swift).
    var handwritingWords: Int?
    /// The Chars74k writer whose hand writes them (32-35 are held out from training).
    var writer = 32
    var glyphs = "data/chars74k-hnd/train.ndjson.gz"

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--replay-hammer" {
                replayHammer = true
                continue
            }
            guard let value = rest.popFirst() else {
                FileHandle.standardError.write(Data("\(flag) needs a value\n".utf8))
                exit(2)
            }
            switch flag {
            case "--sketchd": sketchd = value
            case "--clients": clients = Int(value) ?? clients
            case "--strokes": strokes = Int(value) ?? strokes
            case "--sketchd-arg": sketchdArguments.append(value)
            case "--connect": connect = Int(value)
            case "--daemon-pid": daemonPid = Int32(value)
            case "--op-flood": opFloodSeconds = Double(value)
            case "--flood-window": floodWindow = Int(value) ?? floodWindow
            case "--handwriting": handwritingWords = Int(value)
            case "--writer": writer = Int(value) ?? writer
            case "--glyphs": glyphs = value
            case "--budget-flags-for":
                // For scripts that start daemons themselves (bench/proxy/run.sh).
                print(BenchDaemon.budgetArguments(for: value).joined(separator: " "))
                exit(0)
            default:
                FileHandle.standardError.write(Data("unknown flag \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

/// Arrival times, keyed by stroke number, one slot per client.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [Int: [Int: Double]] = [:]
    private var code: [Int: [Int: Double]] = [:]
    private var acks: [Int: Double] = [:]
    private var seqs: [Int: Int] = [:]

    func record(stroke: Int, client: Int, at time: Double) {
        lock.withLock { records[stroke, default: [:]][client] = time }
    }
    func ack(stroke: Int, seq: Int, at time: Double) {
        lock.withLock {
            acks[stroke] = time
            seqs[stroke] = seq
        }
    }
    func code(seq: Int, client: Int, at time: Double) {
        lock.withLock {
            for (stroke, strokeSeq) in seqs where strokeSeq <= seq && code[stroke]?[client] == nil {
                code[stroke, default: [:]][client] = time
            }
        }
    }
    func recordCount(_ stroke: Int) -> Int { lock.withLock { records[stroke]?.count ?? 0 } }
    func codeCount(_ stroke: Int) -> Int { lock.withLock { code[stroke]?.count ?? 0 } }
    func ackTime(_ stroke: Int) -> Double? { lock.withLock { acks[stroke] } }
    func lastRecord(_ stroke: Int) -> Double? { lock.withLock { records[stroke]?.values.max() } }
    func lastCode(_ stroke: Int) -> Double? { lock.withLock { code[stroke]?.values.max() } }
    /// The newest seq a measured stroke was acked at.
    func newestSeq() -> Int? { lock.withLock { seqs.values.max() } }
}

/// The clients' own op ids, found in `events` and `ack` messages.
let benchOp = Array(#""clientOpId":"bench:"#.utf8)

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
if let seconds = settings.opFloodSeconds {
    try OpFloodBench(
        sketchd: settings.sketchd, extraArguments: settings.sketchdArguments, seconds: seconds,
        window: settings.floodWindow
    ).run()
    exit(0)
}
let daemon =
    try settings.connect.map { BenchDaemon(port: $0, pid: settings.daemonPid) }
    ?? BenchDaemon(binary: settings.sketchd, extraArguments: settings.sketchdArguments)
let port = daemon.port
let memoryIdle = daemon.memoryKiB()

// Create the session on its own path and connect everyone.
let session = ClientIds.session()
let creator = try WebSocketClient(port: port, path: "/ws/\(session)")
try creator.send(text: ClientIds.hello("creator"))
try creator.send(text: json(["type": "createSession", "session": session, "title": "bench"]))
let created = try creator.receive(\.sessionCreated, timeout: 10)
let token = created.editToken
let viewToken = created.viewToken
let clients = try (0..<settings.clients).map { index -> WebSocketClient in
    let client = try WebSocketClient(port: port, path: "/ws/\(session)")
    try client.send(text: ClientIds.hello("b\(index)"))
    try client.send(text: json(["type": "join", "session": session, "token": token, "lastSeq": 0]))
    _ = try client.receive(\.caughtUp, timeout: 10)
    return client
}
let memoryJoined = daemon.memoryKiB()

// The 39 boxes of the screen, drawn by the creator (not measured); 28 (seven rows) when words
// are written below them.
let backgroundBoxes = settings.handwritingWords == nil ? 39 : 28
try creator.send(text: json(["type": "join", "session": session, "token": token, "lastSeq": 0]))
for cell in 0..<backgroundBoxes {
    try creator.send(
        text: json(["type": "op", "clientOpId": "setup:\(cell)", "event": boxStroke(id: "setup:\(cell)", cell: cell)]))
}
for _ in 0..<backgroundBoxes { _ = try creator.receive(\.ack, timeout: 10) }

if let words = settings.handwritingWords {
    try HandwritingBench(clients: clients, words: words, writer: settings.writer, glyphs: settings.glyphs).runAndPrint(
        daemon: daemon)
    daemon.stop()
    exit(0)
}

// One reader thread per client records arrivals.
let arrivals = Arrivals()
let running = Locked(true)
readEachClient(clients, while: running) { index, bytes, time in
    switch ByteScan.messageType(in: bytes) {
    case "events":
        var from = 0
        while let end = ByteScan.find(benchOp, in: bytes, from: from) {
            arrivals.record(stroke: ByteScan.integer(at: end, in: bytes) ?? -1, client: index, at: time)
            from = end
        }
    case "ack":
        if let end = ByteScan.find(benchOp, in: bytes), let number = ByteScan.integer(at: end, in: bytes),
            let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes)
        {
            arrivals.ack(stroke: number, seq: seq, at: time)
        }
    case "code", "codeDiff":
        if let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) {
            arrivals.code(seq: seq, client: index, at: time)
        }
    default:
        break
    }
}

let hammer = try settings.replayHammer ? ReplayHammer(port: port, session: session, viewToken: viewToken) : nil
hammer?.start { [arrivals] in arrivals.newestSeq() ?? 40 }

let cpuBefore = daemon.cpuSeconds()
let runStartedAt = now()

// Strokes one at a time, from rotating senders; each waits until every client has it.
var ackLatency: [Double] = []
var fanOut: [Double] = []
var toCode: [Double] = []
var firstStroke: (ack: Double, fanOut: Double, code: Double?)?
var codeSeen = false
for number in 0..<settings.strokes {
    let sender = clients[number % clients.count]
    let op = json(["type": "op", "clientOpId": "bench:\(number)", "event": boxStroke(id: "bench:s\(number)", cell: 39)])
    let sentAt = now()
    try sender.send(text: op)
    let deadline = sentAt + 10
    while arrivals.recordCount(number) < clients.count, now() < deadline { usleep(200) }
    // Wait a little for code when the daemon generates it.
    while codeSeen || number == 0, arrivals.codeCount(number) < clients.count,
        now() < sentAt + (codeSeen || number == 0 ? 2 : 0)
    { usleep(500) }
    if arrivals.codeCount(number) == clients.count { codeSeen = true }
    if let ack = arrivals.ackTime(number) { ackLatency.append(ack - sentAt) }
    if let last = arrivals.lastRecord(number), arrivals.recordCount(number) == clients.count {
        fanOut.append(last - sentAt)
    }
    if let last = arrivals.lastCode(number), arrivals.codeCount(number) == clients.count {
        toCode.append(last - sentAt)
    }
    if number == 0, let ack = ackLatency.first, let fan = fanOut.first { firstStroke = (ack, fan, toCode.first) }
    // Back to 39 boxes; let the undo's own results settle before the next measured stroke.
    try sender.send(text: json(["type": "op", "clientOpId": "undo:\(number)", "event": ["kind": "undo"]]))
    usleep(codeSeen ? 150_000 : 20_000)
}
let memoryEnd = daemon.memoryKiB()
let cpuUsed = daemon.cpuSeconds().flatMap { after in cpuBefore.map { after - $0 } }
let wall = now() - runStartedAt
running.update { $0 = false }
let hammered = hammer?.stop()

print(
    "sketchd-bench: \(settings.clients) clients, one session, \(settings.strokes) box strokes (41 points) onto a 39-box screen, loopback"
)
let target =
    settings.connect.map { "port \($0) (already running)" }
    ?? "daemon \(settings.sketchd) \(settings.sketchdArguments.joined(separator: " "))"
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage()); \(target)")
if let hammered {
    print(
        "replay hammer (one view-only client, at its rate limit): \(hammered.counts.served) served, \(hammered.counts.refused) refused with rate_limited, \(hammered.counts.failed) failed"
    )
    print("replay answer (send -> replayState):         \(hammered.latency.summary)")
}
if let startUp = daemon.startUpMilliseconds { print(String(format: "start-up to listening: %.1f ms", startUp)) }
print("ack latency (send -> ack at sender):         \(Latencies(ackLatency).summary)")
print("fan-out (send -> last of \(settings.clients) has record): \(Latencies(fanOut).summary)")
print(
    "stroke -> code on every peer:                \(codeSeen ? Latencies(toCode).summary : "n/a (no recognizer in this sketchd build)")"
)
if let firstStroke {
    let code = firstStroke.code.map { String(format: ", code on every peer %.2f ms", $0 * 1000) } ?? ""
    print(
        String(format: "first stroke: ack %.2f ms, fan-out %.2f ms", firstStroke.ack * 1000, firstStroke.fanOut * 1000)
            + code)
}
if let cpuUsed {
    print(
        String(
            format:
                "daemon CPU: %.1f s over %.1f s wall, %.2f ms per measured stroke (stroke + its undo, with their recognition)",
            cpuUsed, wall, cpuUsed * 1000 / Double(settings.strokes)))
}
if let memoryIdle, let memoryJoined, let memoryEnd {
    print(
        "daemon RSS: idle \(memoryIdle.rss / 1024) MiB, \(settings.clients) joined \(memoryJoined.rss / 1024) MiB, after run \(memoryEnd.rss / 1024) MiB, peak \(memoryEnd.peak / 1024) MiB"
    )
}
daemon.stop()
