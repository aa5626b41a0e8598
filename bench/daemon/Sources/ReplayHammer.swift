import BenchSupport
import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient

/// A view-only client that asks for `replay` as fast as its budget allows (PROTOCOL.md "Replay
/// and export": one in flight per connection, 10 burst, 2 a second): it sends one, waits for the
/// `replayState` or for `rate_limited` (then for its `retryAfterMs`), and sends the next, each to
/// a seq drawn at random from the history so far, on a thread of its own.
final class ReplayHammer: @unchecked Sendable {
    /// Replays answered, refused with `rate_limited`, and other errors or timeouts.
    struct Counts { var served = 0, refused = 0, failed = 0 }

    private let client: WebSocketClient
    private let running = Locked(true)
    private let counts = Locked(Counts())
    private let finished = Locked(false)
    private let replayLatency = Locked([Double]())

    /// Connects as `replay-hammer` and joins `session` with its view token.
    init(port: Int, session: String, viewToken: String) throws {
        client = try WebSocketClient(port: port, path: "/ws/\(session)")
        try client.send(text: ClientIds.hello("replay-hammer"))
        try client.send(text: json(["type": "join", "session": session, "token": viewToken, "lastSeq": 0]))
        _ = try client.receive(\.caughtUp, timeout: 10)
    }

    /// Starts hammering; `head` gives the newest seq the session has.
    func start(head: @escaping @Sendable () -> Int) {
        Thread.detachNewThread { [self] in
            var random = SeededGenerator(seed: 10)
            while running.value {
                let toSeq = Int.random(in: 1...max(1, head()), using: &random)
                let sentAt = now()
                guard (try? client.send(text: json(["type": "replay", "toSeq": toSeq]))) != nil else { break }
                switch awaitAnswer(until: sentAt + 30) {
                case .served:
                    counts.update { $0.served += 1 }
                    replayLatency.update { $0.append(now() - sentAt) }
                case .refused(let retryAfterMs):
                    counts.update { $0.refused += 1 }
                    usleep(UInt32(max(1, retryAfterMs)) * 1000)
                case .failed:
                    counts.update { $0.failed += 1 }
                }
            }
            finished.update { $0 = true }
        }
    }

    private enum Answer {
        case served
        case refused(retryAfterMs: Int)
        case failed
    }

    /// Reads (skipping the session's broadcasts) until the answer to the replay in flight.
    private func awaitAnswer(until deadline: Double) -> Answer {
        while now() < deadline {
            guard case .text(let text)? = try? client.receive(timeout: max(0.01, deadline - now())) else { continue }
            // A replayState holds elements with a "type" of their own; its own comes last (sorted keys).
            if text.hasSuffix(#""type":"replayState"}"#) { return .served }
            let bytes = Array(text.utf8)
            switch ByteScan.string(after: ByteScan.typeKey, in: bytes) {
            case "error":
                guard text.contains(#""code":"rate_limited""#) else {
                    FileHandle.standardError.write(Data("replay hammer: \(text.prefix(300))\n".utf8))
                    return .failed
                }
                return .refused(
                    retryAfterMs: ByteScan.integer(after: Array(#""retryAfterMs":"#.utf8), in: bytes) ?? 100)
            default: continue
            }
        }
        return .failed
    }

    /// Stops after the replay in flight and returns the counts and the served replays' latency.
    func stop() -> (counts: Counts, latency: Latencies) {
        running.update { $0 = false }
        _ = finished.wait(until: { $0 }, timeout: 35)
        client.close()
        return (counts.value, Latencies(replayLatency.value))
    }
}
