import BenchSupport
import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient

/// `sketchd-bench --op-flood SECONDS` (issue 12, item 3): a calm client of its own identity and
/// address draws a box every 100 ms and times its acks, in three phases of SECONDS each, every
/// phase in a fresh session: alone; beside 30 connections of one identity (one edit token, one
/// `clientId` and secret) sending ops as fast as they can; beside 30 identities from one
/// address doing the same. The op and ink budgets keep the daemon's defaults (they are what is
/// measured); connections, joins and creates are lifted. Each flooding connection pipelines ops
/// on one thread, at most `window` unanswered (0: no bound, the socket buffers fill and the
/// daemon reads the backlog long after the phase), and reads `ack`s and `rate_limited` on
/// another. A phase ends by dropping the flooding connections.
struct OpFloodBench {
    let sketchd: String
    let extraArguments: [String]
    let seconds: Double
    let window: Int
    let connections = 30

    private static let budgetsUnderTest = ["--ops-per-second", "--op-burst", "--ink-per-second", "--ink-burst"]

    func run() throws {
        let daemon = try BenchDaemon(
            binary: sketchd, extraArguments: extraArguments, keepingDefaults: Self.budgetsUnderTest)
        defer { daemon.stop() }
        print(
            "sketchd-bench --op-flood: \(connections) flooding connections (at most \(window == 0 ? "unbounded" : "\(window)") ops unanswered each), a calm client drawing every 100 ms, \(String(format: "%.0f", seconds)) s per phase"
        )
        print(
            "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage()); daemon \(sketchd) \(extraArguments.joined(separator: " ")) (op budgets at their defaults)"
        )
        let phases: [(label: String, flood: FloodShape?)] = [
            ("calm client alone", nil),
            ("30 connections, one identity", .oneIdentity(address: "127.0.0.3")),
            ("30 identities, one address", .manyIdentities(address: "127.0.0.4")),
        ]
        for phase in phases {
            let session = try SessionForBench(port: daemon.port)
            let flood = try phase.flood.map {
                try Flood(port: daemon.port, session: session, shape: $0, connections: connections, window: window)
            }
            let calm = try CalmClient(port: daemon.port, session: session)
            let cpuBefore = daemon.cpuSeconds()
            let startedAt = now()
            flood?.start()
            calm.draw(for: seconds)
            let totals = flood?.stop(settlingUntil: now() + 3)
            let wall = now() - startedAt
            let calmLatency = calm.answers()
            let cores = daemon.cpuSeconds().flatMap { after in cpuBefore.map { (after - $0) / wall } }
            print("\n\(phase.label) (load average \(loadAverage())):")
            let closed = calmLatency.closedWith.map { "; closed by the daemon with \($0)" } ?? ""
            print(
                "  calm client ack: \(calmLatency.latencies.summary); refused \(calmLatency.refused), unanswered \(calmLatency.unanswered)\(closed)"
            )
            if let totals {
                print(
                    String(
                        format:
                            "  flood: %d ops sent, %d stored (%.0f/s), %d refused with rate_limited, %d other errors, %d unanswered",
                        totals.sent, totals.stored, Double(totals.stored) / wall, totals.refused, totals.otherErrors,
                        totals.sent - totals.answered))
            }
            if let cores { print(String(format: "  daemon CPU: %.2f cores over %.1f s", cores, wall)) }
            flood?.close()
            calm.close()
            fflush(nil)  // each phase's lines at once, also into a pipe
        }
    }
}

/// Who floods: one identity on every connection, or one identity per connection; from `address`.
enum FloodShape {
    case oneIdentity(address: String)
    case manyIdentities(address: String)
}

/// A fresh session and its edit token, created from 127.0.0.1.
struct SessionForBench {
    let id = ClientIds.session()
    let editToken: String

    init(port: Int) throws {
        let creator = try WebSocketClient(port: port, path: "/ws/\(id)")
        defer { creator.close() }
        try creator.send(text: ClientIds.hello("creator"))
        try creator.send(text: json(["type": "createSession", "session": id]))
        editToken = try creator.receive(\.sessionCreated).editToken
    }

    /// Connects from `address` as `clientId` proving `secret`, joins with the edit token and
    /// reads up to `caughtUp`.
    func join(port: Int, address: String, clientId: String, secret: String) throws -> WebSocketClient {
        let client = try WebSocketClient(port: port, path: "/ws/\(id)", source: address)
        try client.send(text: json(["type": "hello", "protocol": 1, "clientId": clientId, "secret": secret]))
        try client.send(text: json(["type": "join", "session": id, "token": editToken, "lastSeq": 0]))
        _ = try client.receive(\.caughtUp, timeout: 10)
        return client
    }
}

/// The well-behaved client: from 127.0.0.2, one box every 100 ms on a fixed schedule.
final class CalmClient: @unchecked Sendable {
    private let client: WebSocketClient
    private let acks = Locked([Int: Double]())
    private let refusals = Locked(0)
    private let reading = Locked(true)
    /// The close code, if the daemon closed the calm client (4000: dropped as lagging).
    private let closedWith = Locked<Int?>(nil)

    init(port: Int, session: SessionForBench) throws {
        client = try session.join(port: port, address: "127.0.0.2", clientId: "calm", secret: ClientIds.secret())
        Thread.detachNewThread { [self] in
            let calmOp = Array(#""clientOpId":"calm:"#.utf8)
            while reading.value {
                let message = try? client.receive(timeout: 0.2)
                if case .close(let code, _)? = message { closedWith.update { $0 = code } }
                guard case .text(let text)? = message else { continue }
                let time = now()
                let bytes = Array(text.utf8)
                switch ByteScan.string(after: ByteScan.typeKey, in: bytes) {
                case "ack":
                    if let end = ByteScan.find(calmOp, in: bytes), let number = ByteScan.integer(at: end, in: bytes) {
                        acks.update { $0[number] = time }
                    }
                case "error": refusals.update { $0 += 1 }
                default: break
                }
            }
        }
    }

    private var sentAt: [Double] = []

    /// Draws a box every 100 ms for `seconds`.
    func draw(for seconds: Double) {
        let start = now()
        for number in 0..<Int(seconds * 10) {
            let due = start + Double(number) * 0.1
            if due > now() { usleep(UInt32((due - now()) * 1e6)) }
            sentAt.append(now())
            try? client.send(
                text: json([
                    "type": "op", "clientOpId": "calm:\(number)",
                    "event": boxStroke(id: "calm:s\(number)", cell: number % 40),
                ]))
        }
    }

    /// Waits (10 s at most) for the answers to what ``draw(for:)`` sent.
    func answers() -> (latencies: Latencies, refused: Int, unanswered: Int, closedWith: Int?) {
        let count = sentAt.count
        _ = acks.wait(until: { $0.count + self.refusals.value >= count }, timeout: 10)
        let answered = acks.value
        let samples = sentAt.indices.compactMap { number in answered[number].map { $0 - sentAt[number] } }
        return (Latencies(samples), refusals.value, count - answered.count - refusals.value, closedWith.value)
    }

    func close() {
        reading.update { $0 = false }
        client.abort()
    }
}

/// The flooding connections: one thread sends small strokes to every connection in turn (each
/// with at most `window` unanswered), one thread `poll`s them all and counts the answers; so the
/// bench's own CPU stays small beside the daemon's.
final class Flood: @unchecked Sendable {
    struct Counts {
        var sent = 0, stored = 0, refused = 0, otherErrors = 0
        var answered: Int { stored + refused + otherErrors }
    }

    private let clients: [WebSocketClient]
    private let window: Int
    /// Per connection.
    private let counts: Locked<[Counts]>
    private let sending = Locked(false)
    private let threadsDone = Locked(0)
    private let reading = Locked(true)

    init(port: Int, session: SessionForBench, shape: FloodShape, connections: Int, window: Int) throws {
        self.window = window
        let sharedSecret = ClientIds.secret()
        clients = try (0..<connections).map { index in
            switch shape {
            case .oneIdentity(let address):
                try session.join(port: port, address: address, clientId: "flooder", secret: sharedSecret)
            case .manyIdentities(let address):
                try session.join(port: port, address: address, clientId: "flooder\(index)", secret: ClientIds.secret())
            }
        }
        counts = Locked(Array(repeating: Counts(), count: connections))
        Thread.detachNewThread { [self] in readAnswers() }
    }

    private func readAnswers() {
        let stored = Array(#""duplicate":false"#.utf8)
        var descriptors = clients.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        while reading.value {
            guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                descriptors[index].revents = 0
                guard let messages = try? clients[index].receiveAvailable() else {
                    descriptors[index].fd = -1  // closed (dropped as lagging): poll skips it
                    continue
                }
                for case .text(let text) in messages {
                    let bytes = Array(text.utf8)
                    switch ByteScan.string(after: ByteScan.typeKey, in: bytes) {
                    case "ack": if ByteScan.find(stored, in: bytes) != nil { counts.update { $0[index].stored += 1 } }
                    case "error":
                        let limited = text.contains(#""code":"rate_limited""#)
                        counts.update { if limited { $0[index].refused += 1 } else { $0[index].otherErrors += 1 } }
                    default: break
                    }
                }
            }
        }
        threadsDone.update { $0 += 1 }
    }

    func start() {
        sending.update { $0 = true }
        Thread.detachNewThread { [self] in
            var number = 0
            var random = SeededGenerator(seed: 12)
            var open = Array(repeating: true, count: clients.count)
            while sending.value, open.contains(true) {
                // Answers the daemon dropped (a lagging connection) never come: wait at most 1 s.
                let ready =
                    window == 0
                    || counts.wait(until: { $0.contains { $0.sent - $0.answered < self.window } }, timeout: 1)
                let current = counts.value
                for index in clients.indices
                where open[index] && (!ready || window == 0 || current[index].sent - current[index].answered < window) {
                    let x = Int.random(in: 10...300, using: &random)
                    let y = Int.random(in: 60...780, using: &random)
                    guard (try? clients[index].send(text: Self.op(id: "flood\(index):\(number)", x: x, y: y))) != nil
                    else {
                        open[index] = false
                        continue
                    }
                    number += 1
                    counts.update { $0[index].sent += 1 }
                }
            }
            threadsDone.update { $0 += 1 }
        }
    }

    /// An 8-point stroke op, written out directly (JSONSerialization per op would be most of the
    /// bench's own CPU).
    private static func op(id: String, x: Int, y: Int) -> String {
        let points = (0..<8).map { "[\(x + $0),\(y),\($0 * 16)]" }.joined(separator: ",")
        return
            ##"{"clientOpId":"\##(id)","event":{"kind":"strokeAdded","stroke":{"color":"#1b1f24","id":"\##(id)","points":[\##(points)],"screen":"main","width":2}},"type":"op"}"##
    }

    /// Stops sending; returns the totals once every op sent has its answer, or at `deadline` (an
    /// answer the daemon dropped with a full outgoing queue never comes).
    func stop(settlingUntil deadline: Double) -> Counts {
        sending.update { $0 = false }
        _ = threadsDone.wait(until: { $0 >= 1 }, timeout: max(0, deadline - now()))
        _ = counts.wait(until: { $0.allSatisfy { $0.answered >= $0.sent } }, timeout: max(0, deadline - now()))
        return counts.value.reduce(into: Counts()) { total, one in
            total.sent += one.sent
            total.stored += one.stored
            total.refused += one.refused
            total.otherErrors += one.otherErrors
        }
    }

    /// Drops every connection (the daemon need not read what is left).
    func close() {
        reading.update { $0 = false }
        clients.forEach { $0.abort() }
    }
}
