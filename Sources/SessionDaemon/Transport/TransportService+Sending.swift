/// Queuing frames and closing connections.
extension TransportService {
    func send(frame: OutgoingFrame, to connection: Connection, replacement: () -> OutgoingFrame?) {
        guard connection.closing == nil, let wsi = socket(of: connection) else { return }
        let wasEmpty = connection.outgoing.isEmpty
        guard connection.outgoing.push(frame, replacement: replacement) else {
            dropLagging(connection, wsi)
            return
        }
        if wasEmpty { writeAtTurnEnd(connection) }
    }

    /// Closes with 1009 once the oversized message has been read to its end.
    func closeTooLarge(_ connection: Connection, _ wsi: OpaquePointer) {
        connection.closing = CloseIntent(code: 1009, reason: "message too large")
        WebSocketIO.requestWritable(wsi)
        WebSocketIO.killAfter(wsi, seconds: 5)
    }

    func close(_ connection: Connection, code: Int, reason: String) {
        guard connection.closing == nil, let wsi = socket(of: connection) else { return }
        connection.closing = CloseIntent(code: code, reason: reason)
        WebSocketIO.requestWritable(wsi)
        WebSocketIO.killAfter(wsi, seconds: 5)
    }

    /// A peer that stopped reading: forget its queue, close it with 4000 as soon as it can
    /// take a frame, and hang up soon regardless. It resumes with `join` and its last seq.
    private func dropLagging(_ connection: Connection, _ wsi: OpaquePointer) {
        logger.info("dropping a lagging client to catch-up", metadata: ["connection": "\(connection.id)"])
        connection.outgoing.removeAll()
        connection.closing = CloseIntent(code: 4000, reason: "lagging")
        WebSocketIO.requestWritable(wsi)
        WebSocketIO.killAfter(wsi, seconds: 2)
    }
}
