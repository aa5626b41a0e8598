import WebSocketClient

/// What a bench client reads back over its socket: the acks of its strokes (ops whose
/// `clientOpId` is `st:N`), the arrival of every result message of the chosen types, and errors.
public struct StrokeReceipts {
    /// Stroke number N's ack: when it arrived and the seq it names.
    public private(set) var acks: [Int: (at: Double, seq: Int?)] = [:]
    /// (seq, arrival, type) of every message of ``resultTypes``, in arrival order.
    public private(set) var arrivals: [(seq: Int, at: Double, type: String)] = []
    /// Errors the daemon sent, and sends or reads that failed.
    public private(set) var failures: [String] = []
    private let resultTypes: Set<String>

    private static let opKey = Array(#""clientOpId":""#.utf8)

    /// Receipts recording the arrival of messages whose `type` is one of `resultTypes`.
    public init(resultTypes: Set<String>) { self.resultTypes = resultTypes }

    /// Notes a failure of the client's own (a send that failed).
    public mutating func note(failure: String) { failures.append(failure) }

    /// Reads what `socket` has now (call it when `poll` says it is readable) and records it;
    /// false once the connection is gone.
    public mutating func read(from socket: WebSocketClient) -> Bool {
        let messages: [WebSocketClient.Message]
        do { messages = try socket.receiveAvailable() } catch {
            failures.append("receive: \(error)")
            return false
        }
        let time = now()
        for case .close(let code, let reason) in messages { failures.append("closed by the daemon: \(code) \(reason)") }
        for case .text(let text) in messages {
            let bytes = Array(text.utf8)
            // Not the first "type": a recognition's elements' types come before its own.
            guard let type = ByteScan.messageType(in: bytes) else { continue }
            if type == "ack" {
                guard let op = ByteScan.string(after: Self.opKey, in: bytes), op.hasPrefix("st:"),
                    let number = Int(op.dropFirst(3))
                else { continue }
                acks[number] = (time, ByteScan.integer(after: ByteScan.seqKey, in: bytes))
            } else if resultTypes.contains(type) {
                if let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) { arrivals.append((seq, time, type)) }
            } else if type == "error" {
                failures.append(String(text.prefix(200)))
            }
        }
        return true
    }
}
