import Foundation
import WebSocketClient

// sketchd-bench: N clients in one session on loopback against a real `sketchd`.
// Measures ack latency, fan-out latency (stroke end -> last peer has the record), stroke end ->
// code on the peers (when the daemon has a recognizer), and the daemon's RSS.
// The screen first gets 39 boxes (a 4 x 10 grid); each measured stroke draws the 40th box and is
// then undone by its sender, so every measured stroke lands on a 40-element screen.
// Usage: sketchd-bench [--sketchd .build/release/sketchd] [--clients 50] [--strokes 300]

struct Settings {
    var sketchd = ".build/release/sketchd"
    var clients = 50
    var strokes = 300
    /// Extra flags for sketchd (repeatable): --sketchd-arg --recognition-nice --sketchd-arg 0
    var sketchdArguments: [String] = []

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst(), let value = rest.popFirst() {
            switch flag {
            case "--sketchd": sketchd = value
            case "--clients": clients = Int(value) ?? clients
            case "--strokes": strokes = Int(value) ?? strokes
            case "--sketchd-arg": sketchdArguments.append(value)
            default: FileHandle.standardError.write(Data("unknown flag \(flag)\n".utf8)); exit(2)
            }
        }
    }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Arrival times, keyed by stroke number, one slot per client.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [Int: [Int: Double]] = [:]
    private var code: [Int: [Int: Double]] = [:]
    private var acks: [Int: Double] = [:]
    private var seqs: [Int: Int] = [:]

    func record(stroke: Int, client: Int, at time: Double) { lock.withLock { records[stroke, default: [:]][client] = time } }
    func ack(stroke: Int, seq: Int, at time: Double) { lock.withLock { acks[stroke] = time; seqs[stroke] = seq } }
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
}

/// A closed box stroke (41 points) in cell `cell` of a 4 x 10 grid on the 390 x 844 screen.
func box(id: String, cell: Int) -> [String: Any] {
    let x = 10 + Double(cell % 4) * 97.5, y = 60 + Double(cell / 4) * 74, width = 77.0, height = 54.0
    var points: [[Double]] = []
    var t = 0.0
    for (fromX, fromY, toX, toY) in [(x, y, x + width, y), (x + width, y, x + width, y + height), (x + width, y + height, x, y + height), (x, y + height, x, y)] {
        for step in 0..<10 {
            let f = Double(step) / 10
            points.append([fromX + (toX - fromX) * f, fromY + (toY - fromY) * f, t])
            t += 8
        }
    }
    points.append([x, y, t])
    return ["kind": "strokeAdded", "stroke": ["id": id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"] as [String: Any]]
}

func json(_ object: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// Finds keys and values in a JSON text's bytes without parsing it.
enum ByteScan {
    static let typeKey = Array(#""type":""#.utf8)
    static let seqKey = Array(#""seq":"#.utf8)
    static let benchOp = Array(#""clientOpId":"bench:"#.utf8)

    /// The offset just past the first `needle` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = from
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<i + needle.count].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }

    /// The decimal number starting at `offset`.
    static func integer(at offset: Int, in bytes: [UInt8]) -> Int? {
        var value = 0, i = offset
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { value = value * 10 + Int(bytes[i] - 0x30); i += 1 }
        return i > offset ? value : nil
    }

    /// The number after the first `key`.
    static func integer(after key: [UInt8], in bytes: [UInt8]) -> Int? {
        find(key, in: bytes).flatMap { integer(at: $0, in: bytes) }
    }

    /// The string value after the first `key` (which ends with the opening quote).
    static func string(after key: [UInt8], in bytes: [UInt8]) -> String? {
        guard let start = find(key, in: bytes) else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

func rssKiB(_ pid: Int32) -> (rss: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    func value(_ key: String) -> Int {
        status.split(separator: "\n").first { $0.hasPrefix(key) }.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
    }
    return (value("VmRSS:"), value("VmHWM:"))
}

/// The daemon's user + system CPU seconds so far (from /proc/PID/stat).
func cpuSeconds(_ pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func percentiles(_ values: [Double]) -> String {
    guard !values.isEmpty else { return "n/a" }
    let sorted = values.sorted()
    func p(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)] * 1000 }
    return String(format: "p50 %.2f ms  p95 %.2f ms  p99 %.2f ms  max %.2f ms  (n=%d)", p(0.5), p(0.95), p(0.99), sorted.last! * 1000, sorted.count)
}

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
let dataDirectory = NSTemporaryDirectory() + "sketchd-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
let daemon = Process()
daemon.executableURL = URL(fileURLWithPath: settings.sketchd)
daemon.arguments = ["--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory, "--web-root", dataDirectory] + settings.sketchdArguments
let daemonOutput = Pipe()
daemon.standardOutput = daemonOutput
daemon.standardError = FileHandle(forWritingAtPath: "/dev/null")
let startedAt = now()
try daemon.run()
var banner = [UInt8]()
while let byte = try daemonOutput.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { banner.append(byte) }
let readyAfter = now() - startedAt
let line = String(decoding: banner, as: UTF8.self)
guard let portRange = line.range(of: #":(\d+)/"#, options: .regularExpression),
      let port = Int(line[portRange].dropFirst().dropLast()) else { fatalError("no URL from sketchd: \(line)") }
let rssIdle = rssKiB(daemon.processIdentifier)

// Create the session and connect everyone.
let creator = try WebSocketClient(port: port)
try creator.send(text: json(["type": "hello", "protocol": 1, "clientId": "creator", "secret": SketchdClient.randomSecret()]))
try creator.send(text: json(["type": "createSession", "title": "bench"]))
var session = "", token = ""
while session.isEmpty, case .text(let text)? = try creator.receive(timeout: 10) {
    if text.contains("sessionCreated"), let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
        session = object["session"] as! String
        token = object["editToken"] as! String
    }
}
let clients = try (0..<settings.clients).map { index -> WebSocketClient in
    let client = try WebSocketClient(port: port)
    try client.send(text: json(["type": "hello", "protocol": 1, "clientId": "b\(index)", "secret": SketchdClient.randomSecret()]))
    try client.send(text: json(["type": "join", "session": session, "token": token, "lastSeq": 0]))
    while case .text(let text)? = try client.receive(timeout: 10), !text.contains("\"caughtUp\"") {}
    return client
}
let rssJoined = rssKiB(daemon.processIdentifier)

// The 39 boxes of the screen, drawn by the creator (not measured).
try creator.send(text: json(["type": "join", "session": session, "token": token, "lastSeq": 0]))
for cell in 0..<39 {
    try creator.send(text: json(["type": "op", "clientOpId": "setup:\(cell)", "event": box(id: "setup:\(cell)", cell: cell)]))
}
var setupAcks = 0
while setupAcks < 39, case .text(let text)? = try creator.receive(timeout: 10) {
    if text.contains("\"type\":\"ack\"") { setupAcks += 1 }
}

// One reader thread per client records arrivals.
let arrivals = Arrivals()
let running = Locked(true)
for (index, client) in clients.enumerated() {
    Thread.detachNewThread {
        while running.value {
            guard case .text(let text)? = try? client.receive(timeout: 0.5) else { continue }
            let time = now()
            // Byte-level scanning: Foundation's string search on 50 threads' large recognition
            // messages would dominate the measurement.
            let bytes = Array(text.utf8)
            switch ByteScan.string(after: ByteScan.typeKey, in: bytes) {
            case "events":
                var from = 0
                while let end = ByteScan.find(ByteScan.benchOp, in: bytes, from: from) {
                    arrivals.record(stroke: ByteScan.integer(at: end, in: bytes) ?? -1, client: index, at: time)
                    from = end
                }
            case "ack":
                if let end = ByteScan.find(ByteScan.benchOp, in: bytes), let number = ByteScan.integer(at: end, in: bytes),
                   let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) {
                    arrivals.ack(stroke: number, seq: seq, at: time)
                }
            case "code", "codeDiff":
                if let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) { arrivals.code(seq: seq, client: index, at: time) }
            default:
                break
            }
        }
    }
}

let cpuBefore = cpuSeconds(daemon.processIdentifier)
let runStartedAt = now()

// Strokes one at a time, from rotating senders; each waits until every client has it.
var ackLatency: [Double] = [], fanOut: [Double] = [], toCode: [Double] = []
var firstStroke: (ack: Double, fanOut: Double, code: Double?)?
var codeSeen = false
for number in 0..<settings.strokes {
    let sender = clients[number % clients.count]
    let op = json(["type": "op", "clientOpId": "bench:\(number)", "event": box(id: "bench:s\(number)", cell: 39)])
    let sentAt = now()
    try sender.send(text: op)
    let deadline = sentAt + 10
    while arrivals.recordCount(number) < clients.count, now() < deadline { usleep(200) }
    // Wait a little for code when the daemon generates it.
    while codeSeen || number == 0, arrivals.codeCount(number) < clients.count, now() < sentAt + (codeSeen || number == 0 ? 2 : 0) { usleep(500) }
    if arrivals.codeCount(number) == clients.count { codeSeen = true }
    if let ack = arrivals.ackTime(number) { ackLatency.append(ack - sentAt) }
    if let last = arrivals.lastRecord(number), arrivals.recordCount(number) == clients.count { fanOut.append(last - sentAt) }
    if let last = arrivals.lastCode(number), arrivals.codeCount(number) == clients.count { toCode.append(last - sentAt) }
    if number == 0, let ack = ackLatency.first, let fan = fanOut.first { firstStroke = (ack, fan, toCode.first) }
    // Back to 39 boxes; let the undo's own results settle before the next measured stroke.
    try sender.send(text: json(["type": "op", "clientOpId": "undo:\(number)", "event": ["kind": "undo"]]))
    usleep(codeSeen ? 150_000 : 20_000)
}
let rssEnd = rssKiB(daemon.processIdentifier)
let cpuUsed = cpuSeconds(daemon.processIdentifier) - cpuBefore
let wall = now() - runStartedAt
running.update { $0 = false }

print("sketchd-bench: \(settings.clients) clients, one session, \(settings.strokes) box strokes (41 points) onto a 39-box screen, loopback")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; daemon \(settings.sketchd) \(settings.sketchdArguments.joined(separator: " "))")
print(String(format: "start-up to listening: %.1f ms", readyAfter * 1000))
print("ack latency (send -> ack at sender):         \(percentiles(ackLatency))")
print("fan-out (send -> last of \(settings.clients) has record): \(percentiles(fanOut))")
print("stroke -> code on every peer:                \(codeSeen ? percentiles(toCode) : "n/a (no recognizer in this sketchd build)")")
if let firstStroke {
    let code = firstStroke.code.map { String(format: ", code on every peer %.2f ms", $0 * 1000) } ?? ""
    print(String(format: "first stroke: ack %.2f ms, fan-out %.2f ms", firstStroke.ack * 1000, firstStroke.fanOut * 1000) + code)
}
print(String(format: "daemon CPU: %.1f s over %.1f s wall, %.2f ms per measured stroke (stroke + its undo, with their recognition)", cpuUsed, wall, cpuUsed * 1000 / Double(settings.strokes)))
print("daemon RSS: idle \(rssIdle.rss / 1024) MiB, \(settings.clients) joined \(rssJoined.rss / 1024) MiB, after run \(rssEnd.rss / 1024) MiB, peak \(rssEnd.peak / 1024) MiB")
kill(daemon.processIdentifier, SIGTERM)
daemon.waitUntilExit()
try? FileManager.default.removeItem(atPath: dataDirectory)
