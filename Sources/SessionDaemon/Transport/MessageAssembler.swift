/// Reassembles WebSocket fragments into whole messages, enforcing the size cap as the pieces
/// arrive, so an oversized message is refused before it is ever held in full.
struct MessageAssembler {
    /// The largest message accepted, in bytes.
    let limit: Int
    private var buffer: [UInt8] = []
    private var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// What one piece completed.
    enum Piece: Equatable {
        /// More pieces are needed.
        case partial
        /// A whole message.
        case message([UInt8])
        /// The message exceeded the limit; the connection should be closed once its last piece
        /// has been read (`ended`), so that the peer is not reset while still sending.
        case tooLarge(receivedAtLeast: Int, ended: Bool)
        /// The last piece of a message that was too large (and skipped).
        case endOfSkipped
    }

    /// Adds one received piece; a message ends with the piece marked `final` (lws reports the
    /// end of the last fragment only once all of its bytes were delivered).
    mutating func add(_ bytes: UnsafeRawBufferPointer, final: Bool) -> Piece {
        if overflowed {
            guard final else { return .partial }
            overflowed = false
            return .endOfSkipped
        }
        guard buffer.count + bytes.count <= limit else {
            let received = buffer.count + bytes.count
            overflowed = !final
            buffer = []
            return .tooLarge(receivedAtLeast: received, ended: final)
        }
        buffer.append(contentsOf: bytes)
        guard final else { return .partial }
        defer { buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536) }
        return .message(buffer)
    }
}
