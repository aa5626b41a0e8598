import Foundation
import SessionProtocol
import WebSocketClient

// sketchd-flood: creates N sessions on a real `sketchd`, opens each by joining it once, leaves
// them idle past --idle-seconds, and reports the daemon's RSS and open descriptors before, at
// the peak and after; then sends N wrong-token joins and reports the same again. With --strokes,
// each joining client (the one-session baseline's too) draws that many boxes and waits for
// their acks, so every session also runs recognition and generates code.
// Usage: sketchd-flood [--sketchd .build/release/sketchd] [--sessions 2000] [--idle-seconds 5]
//                     [--strokes 0] [--hold-seconds 0]   (pause after the idle close, to inspect the daemon's heap)
//                     [--sketchd-arg FLAG --sketchd-arg VALUE ...]   (more daemon flags, e.g. --malloc-arenas)
//                     [--idle-cpu-seconds 0]   (with a long --idle-seconds: the daemon's CPU while the
//                                               sessions sit open and idle, then stop)

var sketchd = ".build/release/sketchd"
var sessions = 2000
var idleSeconds = 5
var holdSeconds = 0
var strokes = 0
var idleCPUSeconds = 0
var sketchdArguments: [String] = []
var rest = CommandLine.arguments.dropFirst()
while let flag = rest.popFirst(), let value = rest.popFirst() {
    switch flag {
    case "--sketchd": sketchd = value
    case "--sessions": sessions = Int(value) ?? sessions
    case "--idle-seconds": idleSeconds = Int(value) ?? idleSeconds
    case "--hold-seconds": holdSeconds = Int(value) ?? holdSeconds
    case "--strokes": strokes = max(0, Int(value) ?? strokes)
    case "--idle-cpu-seconds": idleCPUSeconds = max(0, Int(value) ?? 0)
    case "--sketchd-arg": sketchdArguments.append(value)
    default:
        FileHandle.standardError.write(Data("unknown flag \(flag)\n".utf8))
        exit(2)
    }
}

/// Draws `count` boxes through `client` (joined) and waits for their acks.
func draw(_ client: WebSocketClient, count: Int) throws {
    for number in 0..<count {
        let box = SketchdClient.box(
            id: "b\(number)", x: 20 + Double(number % 4) * 90, y: 60 + Double(number / 4) * 70, width: 70, height: 50)
        try client.send(text: json(["type": "op", "clientOpId": "b\(number)", "event": box]))
    }
    for _ in 0..<count { _ = try client.receive(\.ack) }
}

func json(_ object: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// The value in KiB of `key` in /proc/PID/status.
func statusKiB(_ pid: Int32, _ key: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix(key) }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
}

/// RSS in MiB and open descriptors of `pid`.
func footprint(_ pid: Int32) -> (rssMiB: Double, descriptors: Int) {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    return (Double(statusKiB(pid, "VmRSS:")) / 1024, descriptors)
}

/// Threads of `pid`.
func threads(_ pid: Int32) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
}

func report(_ label: String, _ pid: Int32) -> (rssMiB: Double, descriptors: Int) {
    let now = footprint(pid)
    // Anonymous memory is the heap and stacks; file-backed is code and data of the binary and
    // its libraries, paged in as they are used.
    print(
        String(
            format: "%-28@ RSS %7.1f MiB (anonymous %5.1f, file %5.1f)  descriptors %5d  threads %4d",
            label as NSString, now.rssMiB,
            Double(statusKiB(pid, "RssAnon:")) / 1024, Double(statusKiB(pid, "RssFile:")) / 1024, now.descriptors,
            threads(pid)))
    return now
}

let dataDirectory = NSTemporaryDirectory() + "sketchd-flood-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
let daemon = Process()
daemon.executableURL = URL(fileURLWithPath: sketchd)
daemon.arguments =
    [
        "--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory, "--web-root", dataDirectory,
        "--idle-seconds", "\(idleSeconds)", "--max-open-sessions", "\(sessions + 10)",
        // This measures memory, not the per-address budgets: lift them.
        "--creates-per-second", "1000000", "--joins-per-second", "1000000", "--free-token-failures", "1000000000",
        "--ops-per-second", "1000000", "--op-burst", "1000000",
    ] + sketchdArguments
let output = Pipe()
daemon.standardOutput = output
daemon.standardError = FileHandle(forWritingAtPath: "/dev/null")
try daemon.run()
var banner = [UInt8]()
while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { banner.append(byte) }
let line = String(decoding: banner, as: UTF8.self)
guard let range = line.range(of: #":(\d+)/"#, options: .regularExpression),
    let port = Int(line[range].dropFirst().dropLast())
else {
    fatalError("no URL from sketchd: \(line)")
}
let pid = daemon.processIdentifier
let baseline = report("baseline", pid)
let baselineThreads = threads(pid)

/// Waits until the sessions are closed (descriptors back) and the heap has been handed back,
/// which happens a while after the closes, once the worker threads they woke have exited
/// (HeapTrim): until the threads are back to the baseline's and RSS has then held still for 20 s.
@MainActor func settle() {
    let deadline = Date().addingTimeInterval(Double(idleSeconds) + 150)
    while footprint(pid).descriptors > baseline.descriptors + 4, Date() < deadline { usleep(500_000) }
    var lowest = footprint(pid).rssMiB
    var lowestSince = Date()
    while Date() < deadline, threads(pid) > baselineThreads + 1 || Date().timeIntervalSince(lowestSince) < 20 {
        usleep(500_000)
        let now = footprint(pid).rssMiB
        if now < lowest - 0.5 || threads(pid) > baselineThreads + 1 {
            lowest = min(lowest, now)
            lowestSince = Date()
        }
    }
}

// A second baseline after one session has been opened and closed: the code of SQLite, the
// recognizer and the exporter is then paged in, as it stays after any session.
// (Not in the idle-CPU mode, whose sessions stay open.)
if idleCPUSeconds == 0 {
    do {
        let warm = try WebSocketClient(port: port)
        try warm.send(
            text: json(["type": "hello", "protocol": 1, "clientId": "warm", "secret": SketchdClient.randomSecret()]))
        try warm.send(text: json(["type": "createSession"]))
        let created = try warm.receive(\.sessionCreated)
        try warm.send(
            text: json(["type": "join", "session": created.session, "token": created.editToken, "lastSeq": 0]))
        _ = try warm.receive(\.caughtUp)
        try draw(warm, count: strokes)
        warm.close()
    }
    settle()
}
let warmBaseline = report("baseline, one session closed", pid)

// Create every session on one connection, then open each by joining it once.
let creator = try WebSocketClient(port: port)
try creator.send(
    text: json(["type": "hello", "protocol": 1, "clientId": "creator", "secret": SketchdClient.randomSecret()]))
var created: [(session: String, token: String)] = []
for _ in 0..<sessions {
    try creator.send(text: json(["type": "createSession"]))
    let answer = try creator.receive(\.sessionCreated)
    created.append((answer.session, answer.editToken))
}
creator.close()
var peak = footprint(pid)
let startedOpening = Date()
for (index, (session, token)) in created.enumerated() {
    let client = try WebSocketClient(port: port)
    try client.send(
        text: json(["type": "hello", "protocol": 1, "clientId": "c\(index)", "secret": SketchdClient.randomSecret()]))
    try client.send(text: json(["type": "join", "session": session, "token": token, "lastSeq": 0]))
    _ = try client.receive(\.caughtUp)
    try draw(client, count: strokes)
    client.close()
    if index % 100 == 99 {
        let now = footprint(pid)
        peak = (max(peak.rssMiB, now.rssMiB), max(peak.descriptors, now.descriptors))
    }
}
let openedIn = Date().timeIntervalSince(startedOpening)
let atPeak = report("\(sessions) sessions opened", pid)
peak = (max(peak.rssMiB, atPeak.rssMiB), max(peak.descriptors, atPeak.descriptors))
print(
    String(
        format: "peak                         RSS %7.1f MiB  descriptors %5d  (opening took %.1f s)", peak.rssMiB,
        peak.descriptors, openedIn))
if idleCPUSeconds > 0 {
    reportIdleCPU(pid, sessions: sessions, seconds: idleCPUSeconds)
    daemon.terminate()
    daemon.waitUntilExit()
    try? FileManager.default.removeItem(atPath: dataDirectory)
    exit(0)
}

// Wait (polling, bounded) until the idle sessions are closed.
let deadline = Date().addingTimeInterval(Double(idleSeconds) + 120)
while footprint(pid).descriptors > baseline.descriptors + 4, Date() < deadline { usleep(500_000) }
_ = report("sessions closed", pid)
settle()
let after = report("after --idle-seconds, settled", pid)
if holdSeconds > 0 {
    print("holding the daemon (pid \(pid)) for \(holdSeconds) s")
    fflush(nil)
    sleep(UInt32(holdSeconds))
}

// Wrong-token joins open nothing.
let mallory = try WebSocketClient(port: port)
try mallory.send(
    text: json(["type": "hello", "protocol": 1, "clientId": "mallory", "secret": SketchdClient.randomSecret()]))
let guessStart = Date()
for (session, _) in created {
    let probe = try WebSocketClient(port: port)
    try probe.send(
        text: json(["type": "hello", "protocol": 1, "clientId": "probe", "secret": SketchdClient.randomSecret()]))
    try probe.send(text: json(["type": "join", "session": session, "token": "wrong", "lastSeq": 0]))
    _ = try probe.receive(\.error)
    probe.close()
}
let guessed = Date().timeIntervalSince(guessStart)
let afterGuesses = report("after \(sessions) wrong-token joins", pid)
print(String(format: "wrong-token joins took %.1f s", guessed))
print(
    String(
        format: "after/baseline: RSS %.2fx (%.2fx of the baseline with one session closed), descriptors %+d",
        after.rssMiB / baseline.rssMiB, after.rssMiB / warmBaseline.rssMiB, after.descriptors - baseline.descriptors))
_ = afterGuesses
daemon.terminate()
daemon.waitUntilExit()
try? FileManager.default.removeItem(atPath: dataDirectory)
