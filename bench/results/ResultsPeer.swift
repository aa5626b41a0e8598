import BenchSupport
import WebSocketClient

/// One peer of the results bench: draws a box every `interval` seconds in the next of its 8
/// cells (its row of the lower part of the screen), erasing its box from 4 strokes earlier
/// first, so the screen keeps at most 4 of its boxes and every stroke lands in an empty cell
/// (each one changes the recognition). Records when its strokes' acks and every result
/// (`recognition`, `code`, `codeDiff`) arrive.
final class ResultsPeer {
    let socket: WebSocketClient
    let index: Int
    let interval: Double
    /// When each stroke was sent.
    private var sentAt: [Double] = []
    private var receipts = StrokeReceipts(resultTypes: ["recognition", "code", "codeDiff"])
    var nextStrokeAt: Double
    var failures: [String] { receipts.failures }

    private static let cells = 8, liveBoxes = 4

    init(socket: WebSocketClient, index: Int, interval: Double, firstStrokeAt: Double) {
        self.socket = socket
        self.index = index
        self.interval = interval
        nextStrokeAt = firstStrokeAt
    }

    private func strokeID(_ number: Int) -> String { "p\(index)-\(number)" }

    /// A box in the lower part of the 390 x 844 screen (y 480 and below): 5 rows of 8 cells.
    private static func box(id: String, row: Int, column: Int) -> [String: Any] {
        SketchdClient.box(id: id, x: 8 + Double(column) * 47.5, y: 480 + Double(row) * 70, width: 36, height: 50)
    }

    /// Box `number` of the screen's fixed upper part (y 60 to 460): 5 columns of 7 rows.
    static func fixedBox(_ number: Int) -> [String: Any] {
        SketchdClient.box(
            id: "fixed:\(number)", x: 12 + Double(number % 5) * 76, y: 60 + Double(number / 5) * 57, width: 60,
            height: 40)
    }

    /// Sends the stroke due at `time`, if any.
    func sendDue(at time: Double) {
        guard time >= nextStrokeAt else { return }
        let number = sentAt.count
        if number >= Self.liveBoxes {
            send([
                "type": "op", "clientOpId": "er:\(number)",
                "event": ["kind": "strokesErased", "strokeIds": [strokeID(number - Self.liveBoxes)]],
            ])
        }
        sentAt.append(now())
        send([
            "type": "op", "clientOpId": "st:\(number)",
            "event": Self.box(id: strokeID(number), row: index, column: number % Self.cells),
        ])
        nextStrokeAt += interval
    }

    private func send(_ object: [String: Any]) {
        do { try socket.send(text: json(object)) } catch { receipts.note(failure: "send: \(error)") }
    }

    /// Reads what arrived; false once the connection is gone.
    func read() -> Bool { receipts.read(from: socket) }

    /// How many strokes this peer has sent.
    var strokeCount: Int { sentAt.count }

    /// Seconds from sending stroke `number` to the first result this peer received that covers
    /// it (seq at or past the stroke's), nil while none has come.
    func coveringLatency(ofStroke number: Int) -> Double? {
        guard sentAt.indices.contains(number), let seq = receipts.acks[number]?.seq else { return nil }
        return receipts.arrivals.first { $0.seq >= seq && $0.at >= sentAt[number] }.map { $0.at - sentAt[number] }
    }

    /// Stroke `number`'s seq and the newest result seq this peer received, for a stroke never covered.
    func diagnosis(ofStroke number: Int) -> String {
        "peer \(index) stroke \(number): seq \(receipts.acks[number]?.seq.map(String.init) ?? "no ack"), newest result seq \(receipts.arrivals.map(\.seq).max().map(String.init) ?? "none")"
    }

    /// ``coveringLatency(ofStroke:)`` of each stroke sent in `window`.
    func strokeToCoveringResult(in window: Range<Double>) -> [Double?] {
        sentAt.indices.filter { window.contains(sentAt[$0]) }.map(coveringLatency(ofStroke:))
    }
}
