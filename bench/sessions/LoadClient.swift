import BenchSupport
import WebSocketClient

/// One bench client in one session: draws a box once a second (its own cell, so the screen has
/// at most 40 elements), undoes it half a second later, and records when its acks and every
/// `code`/`codeDiff` arrive. Owned by one ``LoadThread``; read by the main thread only after
/// that thread has finished.
final class LoadClient {
    /// A stroke this client sent.
    struct Stroke {
        let sentAt: Double
        var ackAt: Double?
        var seq: Int?
    }

    let socket: WebSocketClient
    let session: Int
    /// 0..<clients per session: picks the cell (35 + index) this client draws in.
    let index: Int
    private(set) var strokes: [Stroke] = []
    /// (seq, arrival) of every `code` and `codeDiff` received.
    private(set) var codeArrivals: [(seq: Int, at: Double)] = []
    private(set) var failures: [String] = []
    var nextStrokeAt: Double
    var undoAt: Double?

    private static let opKey = Array(#""clientOpId":""#.utf8)

    init(socket: WebSocketClient, session: Int, index: Int, firstStrokeAt: Double) {
        self.socket = socket
        self.session = session
        self.index = index
        nextStrokeAt = firstStrokeAt
    }

    /// Sends whatever is due at `time`; strokes only while `drawing`.
    func sendDue(at time: Double, drawing: Bool) {
        if let undoAt, time >= undoAt {
            self.undoAt = nil
            send(["type": "op", "clientOpId": "un:\(strokes.count - 1)", "event": ["kind": "undo"]])
        }
        guard drawing, undoAt == nil, time >= nextStrokeAt else { return }
        let number = strokes.count
        strokes.append(Stroke(sentAt: now()))
        send(["type": "op", "clientOpId": "st:\(number)",
              "event": boxStroke(id: "k\(session)-\(index)-\(number)", cell: 35 + index % 5)])
        nextStrokeAt += 1
        undoAt = time + 0.5
    }

    /// The earliest time something is due.
    var nextDue: Double { min(undoAt ?? .infinity, nextStrokeAt) }

    private func send(_ object: [String: Any]) {
        do { try socket.send(text: json(object)) } catch { failures.append("send: \(error)") }
    }

    /// Reads what arrived (the socket was reported readable) and records it; false once the
    /// connection is gone.
    func read() -> Bool {
        let messages: [WebSocketClient.Message]
        do { messages = try socket.receiveAvailable() } catch {
            failures.append("receive: \(error)")
            return false
        }
        let time = now()
        for case .text(let text) in messages {
            let bytes = Array(text.utf8)
            switch ByteScan.string(after: ByteScan.typeKey, in: bytes) {
            case "ack":
                guard let op = ByteScan.string(after: Self.opKey, in: bytes), op.hasPrefix("st:"),
                      let number = Int(op.dropFirst(3)), strokes.indices.contains(number) else { continue }
                strokes[number].ackAt = time
                strokes[number].seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes)
            case "code", "codeDiff":
                if let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) { codeArrivals.append((seq, time)) }
            case "error":
                failures.append(String(text.prefix(200)))
            default:
                break
            }
        }
        return true
    }
}
