import BenchSupport
import Foundation
import WebSocketClient

// sketchd-sessions-bench: many sessions at once against a real `sketchd` on loopback (issue 10).
// Each session's main screen gets 35 boxes; then each of its clients draws a box in its own cell
// once a second and undoes it half a second later, so screens hold 35-40 elements. For each N
// of --steps the first N sessions are active for --seconds (after a --warm-up), and the bench
// reports stroke -> code diff on every peer of the session, ack latency, the daemon's CPU per
// stroke and its RSS. It stops after the first step whose stroke -> code p99 reaches --target-ms
// (unless --all-steps) and names the largest N that stayed under it.
// Usage: sketchd-sessions-bench [--sketchd .build/release/sketchd] [--steps 10,25,50,100,200]
//        [--clients 5] [--seconds 20] [--warm-up 3] [--threads 4] [--target-ms 50] [--all-steps]
//        [--drain-seconds 60] [--sketchd-arg FLAG --sketchd-arg VALUE ...] [--daemon-log FILE]
//        [--count-syscalls] [--callgrind PREFIX: the daemon under callgrind, its instructions counted]
//        [--writing: each client writes a word in one stroke instead of drawing a box]

struct Settings {
    var sketchd = ".build/release/sketchd"
    var steps = [10, 25, 50, 100, 200]
    var clients = 5
    var seconds = 20.0
    var warmUp = 3.0
    var threads = 4
    var targetMilliseconds = 50.0
    var allSteps = false
    /// How long after the step the bench keeps reading until every peer's code covers every
    /// stroke (it stops as soon as it does); what is still uncovered then is `missing`.
    var drainSeconds = 60.0
    /// Screens besides the main one in each session, each with 35 boxes nobody draws on.
    var otherScreens = 0
    /// Whether the clients write a word ("Save", joined up in one stroke) instead of drawing a box.
    var writing = false
    /// Whether to count the daemon's system calls in each window (`perf stat`).
    var countSyscalls = false
    var sketchdArguments: [String] = []
    /// Where the daemon's log goes (why it closed connections, say); nowhere when nil.
    var daemonLog: String?
    /// Where callgrind's profiles go when the daemon's instructions are counted (`--callgrind`).
    var callgrind: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--all-steps" {
                allSteps = true
                continue
            }
            if flag == "--writing" {
                writing = true
                continue
            }
            if flag == "--count-syscalls" {
                countSyscalls = true
                continue
            }
            guard let value = rest.popFirst() else { Self.fail("\(flag) needs a value") }
            switch flag {
            case "--sketchd": sketchd = value
            case "--steps": steps = value.split(separator: ",").compactMap { Int($0) }.sorted()
            case "--clients": clients = Int(value) ?? clients
            case "--seconds": seconds = Double(value) ?? seconds
            case "--warm-up": warmUp = Double(value) ?? warmUp
            case "--threads": threads = max(1, Int(value) ?? threads)
            case "--target-ms": targetMilliseconds = Double(value) ?? targetMilliseconds
            case "--sketchd-arg": sketchdArguments.append(value)
            case "--daemon-log": daemonLog = value
            case "--callgrind": callgrind = value
            case "--drain-seconds": drainSeconds = Double(value) ?? drainSeconds
            case "--other-screens": otherScreens = max(0, Int(value) ?? otherScreens)
            default: Self.fail("unknown flag \(flag)")
            }
        }
        if steps.isEmpty { Self.fail("--steps needs numbers such as 10,25,50") }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("sketchd-sessions-bench: \(message)\n".utf8))
        exit(2)
    }
}

/// What one step measured.
struct StepResult {
    let sessions: Int
    let toCode: Latencies
    /// Stroke -> a `recognition`, `code` or `codeDiff` covering it on every peer.
    let toResult: Latencies
    let ack: Latencies
    let strokes: Int
    /// Strokes without an ack, or without a result covering them on every peer, when the drain
    /// ended (a change that leaves the code as it was gets a `recognition` but no `codeDiff`).
    let missing: Int
    /// Of `missing`, the strokes that got no ack.
    let unacked: Int
    let cpuPerStroke: Double?
    /// The bench's own CPU seconds per second of the step (its clients share the machine).
    let benchCores: Double
    let rssMiB: Int?
    let failures: [String]

    /// Stroke -> every peer's code current (a result covering the stroke; the code changes only
    /// with a `code`/`codeDiff`, and a change that leaves it as it was sends none), p99.
    var p99: Double { toResult.milliseconds(0.99) ?? .infinity }
}

/// This process's user + system CPU seconds so far.
func ownCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
        usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Stroke -> code and stroke -> any result on every peer, and acks, for strokes sent in `window`,
/// from the clients' records.
func measure(_ clients: [LoadClient], window: Range<Double>)
    -> (toCode: [Double], toResult: [Double], ack: [Double], strokes: Int, missing: Int, unacked: Int)
{
    var toCode: [Double] = []
    var toResult: [Double] = []
    var ack: [Double] = []
    var strokes = 0
    var missing = 0
    var unacked = 0
    let bySession = Dictionary(grouping: clients, by: \.session)
    for peers in bySession.values {
        let codeArrivals = peers.map(\.codeArrivals)
        let resultArrivals = peers.map(\.resultArrivals)
        for sender in peers {
            for stroke in sender.strokes where window.contains(stroke.sentAt) {
                strokes += 1
                guard let ackAt = stroke.ackAt, let seq = stroke.seq else {
                    missing += 1
                    unacked += 1
                    continue
                }
                ack.append(ackAt - stroke.sentAt)
                // When the last peer had a message of `arrivals` covering the stroke; nil if one never did.
                func onEveryPeer(_ arrivals: [[(seq: Int, at: Double)]]) -> Double? {
                    let firsts = arrivals.map { peer in peer.first { $0.seq >= seq && $0.at >= stroke.sentAt }?.at }
                    return firsts.contains { $0 == nil } ? nil : firsts.map { $0! }.max()! - stroke.sentAt
                }
                if let code = onEveryPeer(codeArrivals) { toCode.append(code) }
                guard let result = onEveryPeer(resultArrivals) else {
                    missing += 1
                    continue
                }
                toResult.append(result)
            }
        }
    }
    return (toCode, toResult, ack, strokes, missing, unacked)
}

/// Reads on (pings answered) until every stroke sent in `window` is acked and covered by a result
/// on every peer of its session, or until `deadline`; then measures. Past capacity results
/// coalesce and come late: the drain is what shows they still come.
func drain(_ clients: [LoadClient], window: Range<Double>, until deadline: Double)
    -> (toCode: [Double], toResult: [Double], ack: [Double], strokes: Int, missing: Int, unacked: Int)
{
    var measured = measure(clients, window: window)
    var lastCheck = now()
    while measured.missing > 0 && now() < deadline {
        readAvailable(clients, waitingMilliseconds: 50)
        if now() - lastCheck >= 0.5 {
            measured = measure(clients, window: window)
            lastCheck = now()
        }
    }
    return measure(clients, window: window)
}

/// Up to `limit` strokes of `window` still missing a result on some peer, each with its
/// session's newest stroke and every peer's newest result, so a report can say why.
func describeMissing(_ clients: [LoadClient], window: Range<Double>, limit: Int = 3) -> [String] {
    var lines: [String] = []
    for (session, peers) in Dictionary(grouping: clients, by: \.session) {
        let newestStroke = peers.flatMap(\.strokes).compactMap(\.seq).max() ?? -1
        let newestResults = peers.map { $0.resultArrivals.map(\.seq).max() ?? -1 }
        for sender in peers {
            for stroke in sender.strokes where window.contains(stroke.sentAt) {
                guard let seq = stroke.seq, newestResults.contains(where: { $0 < seq }), lines.count < limit else {
                    continue
                }
                lines.append(
                    "session \(session): stroke seq \(seq) (the session's newest stroke: \(newestStroke)), peers' newest result seqs \(newestResults)"
                )
            }
        }
    }
    return lines
}

/// Context switches per change (a stroke or an undo), in all and by the daemon's threads.
func describeSwitches(_ byRole: [String: (voluntary: Int, involuntary: Int)], perChanges changes: Double) -> String {
    let total = byRole.values.reduce(0) { $0 + $1.voluntary + $1.involuntary }
    let parts = byRole.filter { $0.value.voluntary + $0.value.involuntary > 0 }.sorted { $0.key < $1.key }.map {
        role, count in
        String(
            format: "%@ %.1f (%.1f voluntary)", role, Double(count.voluntary + count.involuntary) / changes,
            Double(count.voluntary) / changes)
    }
    return String(format: "context switches per change: %.1f; ", Double(total) / changes)
        + parts.joined(separator: ", ")
}

/// System calls per change, in all and the named ones, most first.
func describeSyscalls(_ counts: [String: Int], perChanges changes: Double) -> String {
    let all = counts["all"] ?? 0
    let named = counts.filter { $0.key != "all" }.sorted { $0.value > $1.value }
    let rest = all - named.reduce(0) { $0 + $1.value }
    let parts =
        named.map { String(format: "%@ %.1f", $0.key, Double($0.value) / changes) }
        + [String(format: "other %.1f", Double(rest) / changes)]
    return String(format: "syscalls per change: %.1f; ", Double(all) / changes) + parts.joined(separator: ", ")
}

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
let instructions = try settings.callgrind.map { try InstructionCounter(binary: settings.sketchd, outputPrefix: $0) }
let daemon = try BenchDaemon(
    binary: settings.sketchd,
    extraArguments: ["--max-open-sessions", "\(settings.steps.last! + 100)"] + settings.sketchdArguments,
    log: settings.daemonLog, launcher: instructions?.launcher ?? [])
defer { daemon.stop() }
print(
    "sketchd-sessions-bench: \(settings.clients) clients per session, each \(settings.writing ? "a written word (\"Save\" in one stroke, 228 points)" : "a box stroke (41 points)") a second and its undo 0.5 s later, "
        + "onto a 35-box screen\(settings.otherScreens > 0 ? " (and \(settings.otherScreens) more screens of 35 boxes each, not drawn on)" : ""); \(settings.seconds) s measured per step after \(settings.warmUp) s warm-up; \(settings.threads) client threads; loopback"
)
print(
    "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; load average \(String(describing: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"))"
)
print(
    "| sessions | clients | strokes | stroke -> code on every peer p50 / p95 / p99 / max | stroke -> result on every peer p50 / p95 / p99 / max | ack p50 / p99 | missing | daemon CPU per stroke | daemon RSS | bench CPU |"
)
print("|---|---|---|---|---|---|---|---|---|---|")

var sessions: [BenchSession] = []
var clients: [LoadClient] = []
var results: [StepResult] = []
for step in settings.steps {
    let setupStarted = now()
    while sessions.count < step {
        let session = try BenchSession(
            port: daemon.port, number: sessions.count, boxes: 35, otherScreens: settings.otherScreens)
        for index in 0..<settings.clients {
            let socket = try session.join(port: daemon.port, clientId: "c\(sessions.count)-\(index)")
            let client = LoadClient(socket: socket, session: sessions.count, index: index, firstStrokeAt: 0)
            client.writes = settings.writing
            clients.append(client)
        }
        sessions.append(session)
        // Clients set up earlier are not driven until the step starts: answer their pings (and
        // take what came) meanwhile, or the daemon rightly hangs up on them as vanished.
        readAvailable(clients)
    }
    FileHandle.standardError.write(Data(String(format: "step %d: set up in %.1f s\n", step, now() - setupStarted).utf8))
    if BenchSession.refusedWhileFull > 0 {
        print(
            "  step \(step): \(BenchSession.refusedWhileFull) createSession refused with sessions_full so far, each asked again"
        )
    }
    // Every client starts at its own random phase within the first second.
    let start = now() + 0.2
    for client in clients {
        client.nextStrokeAt = start + Double.random(in: 0..<1)
        client.undoAt = nil
    }
    let measureFrom = start + settings.warmUp
    let measureUntil = measureFrom + settings.seconds
    let threads = (0..<settings.threads).map { thread in
        LoadThread(
            clients: clients.enumerated().filter { $0.offset % settings.threads == thread }.map(\.element),
            drawUntil: measureUntil, stopAt: measureUntil + 3)
    }
    usleep(UInt32(max(0, measureFrom - now()) * 1_000_000))
    let cpuBefore = daemon.cpuSeconds()
    let ownBefore = ownCPUSeconds()
    let machineBefore = MachineCPU.now()
    let switchesBefore = daemon.pid.flatMap(ThreadSwitches.read(pid:))
    let syscalls = settings.countSyscalls ? daemon.pid.flatMap(SyscallCounter.init(pid:)) : nil
    if let instructions, let pid = daemon.pid { instructions.start(pid: pid) }
    usleep(UInt32(max(0, measureUntil - now()) * 1_000_000))
    let counted = instructions.flatMap { counter in daemon.pid.flatMap { counter.stop(pid: $0) } }
    let cpuAfter = daemon.cpuSeconds()
    let ownAfter = ownCPUSeconds()
    let machine = MachineCPU.now().flatMap { after in
        machineBefore.map { after.cores(since: $0, over: settings.seconds) }
    }
    let syscallCounts = syscalls?.stop()
    let switches = daemon.pid.flatMap(ThreadSwitches.read(pid:)).flatMap { after in switchesBefore.map(after.since) }
    let memory = daemon.memoryKiB()
    for thread in threads { thread.wait() }
    let measured = drain(clients, window: measureFrom..<measureUntil, until: measureUntil + settings.drainSeconds)
    let cpuPerStroke = cpuBefore.flatMap { before in cpuAfter.map { ($0 - before) / Double(max(1, measured.strokes)) } }
    let result = StepResult(
        sessions: step, toCode: Latencies(measured.toCode), toResult: Latencies(measured.toResult),
        ack: Latencies(measured.ack), strokes: measured.strokes,
        missing: measured.missing, unacked: measured.unacked, cpuPerStroke: cpuPerStroke,
        benchCores: (ownAfter - ownBefore) / settings.seconds, rssMiB: memory.map { $0.rss / 1024 },
        failures: clients.flatMap(\.failures))
    results.append(result)
    func ms(_ latencies: Latencies, _ q: Double) -> String {
        latencies.milliseconds(q).map { String(format: "%.1f", $0) } ?? "n/a"
    }
    func quantiles(_ latencies: Latencies) -> String {
        "\(ms(latencies, 0.5)) / \(ms(latencies, 0.95)) / \(ms(latencies, 0.99)) / \(ms(latencies, 1)) ms"
    }
    print(
        "| \(step) | \(step * settings.clients) | \(result.strokes) | \(quantiles(result.toCode)) | \(quantiles(result.toResult)) | "
            + "\(ms(result.ack, 0.5)) / \(ms(result.ack, 0.99)) ms | \(result.missing) (\(result.unacked) unacked) | "
            + "\(result.cpuPerStroke.map { String(format: "%.2f ms", $0 * 1000) } ?? "n/a") | \(result.rssMiB.map { "\($0) MiB" } ?? "n/a") | "
            + String(format: "%.2f cores |", result.benchCores))
    let changes = Double(max(1, 2 * result.strokes))
    if let machine {
        print(
            String(
                format: "  machine: %.2f of %d cores busy over the window (every process), %.2f stolen",
                machine.busy, ProcessInfo.processInfo.activeProcessorCount, machine.stolen))
    }
    if let switches {
        print("  " + describeSwitches(switches, perChanges: changes))
    }
    if let counted {
        print(
            "  user-space instructions per change: "
                + String(
                    format: "%.3f M (%d in all; callgrind profile %@)", Double(counted.instructions) / changes / 1e6,
                    counted.instructions, counted.profile))
    } else if instructions != nil {
        print("  user-space instructions: callgrind wrote no profile")
    }
    if settings.countSyscalls {
        print(
            "  "
                + (syscallCounts.map { describeSyscalls($0, perChanges: changes) }
                    ?? "syscalls: perf stat counted nothing"))
    }
    for line in describeMissing(clients, window: measureFrom..<measureUntil) { print("  missing: \(line)") }
    if !result.failures.isEmpty {
        print("  \(result.failures.count) client failures so far, first: \(result.failures[0])")
        let kinds = Dictionary(grouping: result.failures) { String($0.prefix(60)) }.mapValues(\.count).sorted {
            $0.value > $1.value
        }
        print("  by kind: " + kinds.prefix(5).map { "\($0.value) x \($0.key)" }.joined(separator: "; "))
    }
    if result.p99 >= settings.targetMilliseconds && !settings.allSteps { break }
}
let passing = results.filter { $0.p99 < settings.targetMilliseconds && $0.missing == 0 }.map(\.sessions).max()
print(
    "largest N with stroke -> result on every peer p99 under \(Int(settings.targetMilliseconds)) ms: \(passing.map(String.init) ?? "none of the steps")"
)
print(
    "(CPU per stroke covers the stroke and its undo, each with recognition, code generation, diff and fan-out to \(settings.clients) clients)"
)
