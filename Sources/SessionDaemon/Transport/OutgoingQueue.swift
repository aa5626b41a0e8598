/// A connection's bounded queue of frames waiting to be written (at the end of the service turn
/// that queued them, or in a `SERVER_WRITEABLE` callback when the socket could not take them).
///
/// Frames are shared: a broadcast is encoded and copied once and enqueued to every connection.
/// Results coalesce: a newer recognition of a screen replaces the one still waiting, and a newer
/// code diff replaces a waiting code or code diff with the full code of the newer version (at
/// the end of the queue, behind the events it covers), so a peer that falls behind gets fewer,
/// newer results instead of a growing backlog.
struct OutgoingQueue {
    /// The most messages held; one more means the peer is lagging.
    let capacity: Int
    /// The most bytes held; a message that would go past it means the peer is lagging, except
    /// into an empty queue (one large export always fits).
    let byteCapacity: Int
    /// Frames in order; nil where a frame was taken or replaced.
    private var items: [OutgoingFrame?] = []
    private var head = 0
    /// Where each waiting replaceable frame is in ``items``.
    private var replaceable: [OutgoingFrame.Supersedes: Int] = [:]
    /// Frames held.
    private(set) var count = 0
    /// Bytes of the frames held.
    private(set) var bytes = 0
    /// Frames replaced by newer ones before they were written.
    private(set) var coalesced = 0

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    var isEmpty: Bool { count == 0 }

    /// Adds a frame at the end; a frame that supersedes a waiting one takes it out (`replacement`,
    /// when given, goes in instead: the full code standing for a diff whose base never left).
    /// Results so stay behind the events they cover. False when the queue is full (nothing
    /// changes then).
    mutating func push(_ frame: OutgoingFrame, replacement: () -> OutgoingFrame? = { nil }) -> Bool {
        if let key = frame.supersedes, let index = replaceable[key], let waiting = items[index] {
            let newer = replacement() ?? frame
            guard bytes - waiting.count + newer.count <= byteCapacity || count == 1 else { return false }
            items[index] = nil
            bytes -= waiting.count
            count -= 1
            coalesced += 1
            append(newer)
            return true
        }
        guard count < capacity, isEmpty || bytes + frame.count <= byteCapacity else { return false }
        append(frame)
        return true
    }

    private mutating func append(_ frame: OutgoingFrame) {
        if items.count - head > 2 * count + 64 { dropGaps() }
        if let key = frame.supersedes { replaceable[key] = items.count }
        items.append(frame)
        bytes += frame.count
        count += 1
    }

    /// The oldest frame, left in the queue.
    var first: OutgoingFrame? {
        items[head...].first { $0 != nil } ?? nil
    }

    /// Takes the oldest frame.
    mutating func pop() -> OutgoingFrame? {
        while head < items.count {
            let taken = items[head]
            items[head] = nil
            head += 1
            guard let frame = taken else { continue }
            if let key = frame.supersedes, replaceable[key] == head - 1 { replaceable[key] = nil }
            bytes -= frame.count
            count -= 1
            if head > 64, head * 2 > items.count { dropGaps() }
            return frame
        }
        return nil
    }

    /// Removes the taken and replaced places (a peer that reads nothing while results keep
    /// replacing each other would otherwise grow them without end).
    private mutating func dropGaps() {
        items = items[head...].compactMap { $0 }
        head = 0
        replaceable = [:]
        for (index, frame) in items.enumerated() {
            if let key = frame?.supersedes { replaceable[key] = index }
        }
    }

    /// Drops everything queued.
    mutating func removeAll() {
        items = []
        replaceable = [:]
        head = 0
        count = 0
        bytes = 0
    }
}
