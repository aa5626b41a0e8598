/// Sending to the members of a room: derived results go to live members only (catching-up
/// members get the current ones after `caughtUp`); live presence, ink and comings and goings
/// go to everyone.
extension ClientTransport {
    /// Sends the same bytes to the members of `room` (except `excluded`).
    func broadcast(
        bytes: [UInt8], in room: SessionRoom, excluding excluded: Client? = nil, includingCatchingUp: Bool = false
    ) {
        broadcast(frame: OutgoingFrame(bytes), in: room, excluding: excluded, includingCatchingUp: includingCatchingUp)
    }

    /// Sends one frame to the members of `room`, as ``broadcast(bytes:in:excluding:includingCatchingUp:)``
    /// does; `replacement` (made at most once) stands in for it where it supersedes a waiting frame.
    func broadcast(
        frame: OutgoingFrame, in room: SessionRoom, excluding excluded: Client? = nil,
        includingCatchingUp: Bool = false, replacement: () -> OutgoingFrame? = { nil }
    ) {
        var made: OutgoingFrame??
        func madeOnce() -> OutgoingFrame? {
            if made == nil { made = replacement() }
            return made!
        }
        for member in room.members
        where member !== excluded && (includingCatchingUp || member.membership?.isLive == true) {
            send(frame: frame, to: member.connection, replacement: madeOnce)
        }
    }

    /// Sends each live member of `room` the frame `frame(for:)` picks for it; none when it picks nil.
    func broadcast(in room: SessionRoom, picking frame: (Client) -> OutgoingFrame?) {
        for member in room.members where member.membership?.isLive == true {
            if let picked = frame(member) { send(frame: picked, to: member.connection) }
        }
    }
}

extension TransportUser {
    func broadcast(
        bytes: [UInt8], in room: SessionRoom, excluding excluded: Client? = nil, includingCatchingUp: Bool = false
    ) {
        transport.broadcast(bytes: bytes, in: room, excluding: excluded, includingCatchingUp: includingCatchingUp)
    }

    func broadcast(frame: OutgoingFrame, in room: SessionRoom, replacement: () -> OutgoingFrame? = { nil }) {
        transport.broadcast(frame: frame, in: room, replacement: replacement)
    }
}
