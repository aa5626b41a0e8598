import BenchSupport
import WebSocketClient

/// One bench client in one session: draws a box once a second (its own cell, so the screen has
/// at most 40 elements), undoes it half a second later, and records when its acks and every
/// `recognition`, `code` and `codeDiff` arrive. Owned by one ``LoadThread``; read by the main thread only after
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
    /// When each stroke was sent.
    private var sentAt: [Double] = []
    private var receipts = StrokeReceipts(resultTypes: ["recognition", "code", "codeDiff"])
    var nextStrokeAt: Double
    var undoAt: Double?
    /// Whether it writes a word in one stroke (``wordStroke(id:cell:)``) instead of a box.
    var writes = false

    /// The strokes sent, with their acks.
    var strokes: [Stroke] {
        sentAt.enumerated().map { number, sent in
            Stroke(sentAt: sent, ackAt: receipts.acks[number]?.at, seq: receipts.acks[number]?.seq)
        }
    }
    /// (seq, arrival) of every `code` and `codeDiff` received.
    var codeArrivals: [(seq: Int, at: Double)] {
        receipts.arrivals.filter { $0.type != "recognition" }.map { ($0.seq, $0.at) }
    }
    /// (seq, arrival) of every result received: a `recognition` too (a stroke that changes the
    /// screen but not the code gets no `codeDiff` of its own).
    var resultArrivals: [(seq: Int, at: Double)] { receipts.arrivals.map { ($0.seq, $0.at) } }
    var failures: [String] { receipts.failures }

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
            send(OpText.undo.text(clientOpId: "un:\(sentAt.count - 1)"))
        }
        guard drawing, undoAt == nil, time >= nextStrokeAt else { return }
        let number = sentAt.count
        sentAt.append(now())
        send(strokeText.text(clientOpId: "st:\(number)", strokeId: "k\(session)-\(index)-\(number)"))
        nextStrokeAt += 1
        undoAt = time + 0.5
    }

    /// The earliest time something is due.
    var nextDue: Double { min(undoAt ?? .infinity, nextStrokeAt) }

    private func send(_ text: String) {
        do { try socket.send(text: text) } catch { receipts.note(failure: "send: \(error)") }
    }

    /// Its stroke's op, made once.
    private lazy var strokeText = OpText { [writes, index] id in
        writes ? wordStroke(id: id, cell: 35 + index % 5) : boxStroke(id: id, cell: 35 + index % 5)
    }

    /// Reads what arrived (the socket was reported readable) and records it; false once the
    /// connection is gone.
    func read() -> Bool {
        guard !isGone else { return false }
        isGone = !receipts.read(from: socket)
        return !isGone
    }

    /// Whether the connection is gone (a read found it closed).
    private(set) var isGone = false
}
