/// Writing queued frames: straight away at the end of the service turn that queued them, to
/// every socket that can take them, and in `SERVER_WRITEABLE` callbacks for what did not fit.
///
/// A frame that waited for its writable callback cost the service thread a second loop turn
/// after each wake (a commit report, a published result).
extension TransportService {
    /// The most frames written to one connection at a time (others' turns come between).
    static let framesPerWritable = 16
    /// The most payload bytes frames are gathered up to for one send (lws hands the socket up
    /// to its 64 KiB receive buffer size per send); a larger frame goes alone.
    static let bytesPerSend = 65_536

    /// Notes that `connection`'s empty queue got a frame, to be written when the turn ends.
    func writeAtTurnEnd(_ connection: Connection) {
        guard !connection.writesAtTurnEnd else { return }
        connection.writesAtTurnEnd = true
        queuedThisTurn.append(connection)
    }

    /// Writes what this turn queued to every open connection that can take it now (lws holds
    /// nothing unsent for it and no close is under way); the rest waits for a writable callback.
    /// Frames queued while writing (a catch-up continued) wait for one too.
    func writeQueuedThisTurn() {
        let due = queuedThisTurn
        queuedThisTurn = []
        for connection in due {
            connection.writesAtTurnEnd = false
            guard let wsi = socket(of: connection), !connection.outgoing.isEmpty else { continue }
            guard WebSocketIO.canWriteNow(wsi) else {
                WebSocketIO.requestWritable(wsi)
                continue
            }
            FanOutCounts.wroteAtTurnEnd()
            // A refused write has marked the socket unusable: lws closes it on the next turn.
            if !writeSome(connection, wsi) { WebSocketIO.killAfter(wsi, seconds: 0) }
        }
        for connection in queuedThisTurn {
            connection.writesAtTurnEnd = false
            if let wsi = socket(of: connection) { WebSocketIO.requestWritable(wsi) }
        }
        queuedThisTurn = []
    }

    /// Writes up to ``framesPerWritable`` queued frames, asks for a writable callback when frames
    /// are left or a close waits, and tells the application (a catch-up may go on); false when
    /// lws refused a write (close the connection).
    func writeSome(_ connection: Connection, _ wsi: OpaquePointer) -> Bool {
        guard writeQueued(connection, wsi) else { return false }
        if !connection.outgoing.isEmpty || connection.closing != nil {
            WebSocketIO.requestWritable(wsi)
        }
        events?.wrote(to: connection)
        return true
    }

    /// Writes queued frames while the socket takes them whole, those that fit together in one
    /// send (an ack and its events, a recognition and its code diff); false when lws refused one.
    private func writeQueued(_ connection: Connection, _ wsi: OpaquePointer) -> Bool {
        var written = 0
        while written < Self.framesPerWritable, let first = connection.outgoing.pop() {
            var batch = [first]
            var bytes = first.count
            while written + batch.count < Self.framesPerWritable, let next = connection.outgoing.first,
                bytes + next.count <= Self.bytesPerSend, let taken = connection.outgoing.pop()
            {
                batch.append(taken)
                bytes += taken.count
            }
            guard OutgoingFrame.write(batch, to: wsi) else { return false }
            written += batch.count
            if WebSocketIO.hasBufferedWrite(wsi) {
                FanOutCounts.leftBuffered()
                break
            }
        }
        return true
    }
}
