/// A connection's bounded queue of frames waiting for `SERVER_WRITEABLE`.
///
/// Frames are shared: a broadcast is encoded and copied once and enqueued to every connection.
/// Results coalesce: a newer recognition of a screen replaces the one still waiting, and a newer
/// code diff replaces a waiting code or code diff with the full code of the newer version, so a
/// peer that falls behind gets fewer, newer results instead of a growing backlog.
struct OutgoingQueue {
    /// The most messages held; one more means the peer is lagging.
    let capacity: Int
    /// The most bytes held; a message that would go past it means the peer is lagging, except
    /// into an empty queue (one large export always fits).
    let byteCapacity: Int
    private var items: [OutgoingFrame?] = []
    private var head = 0
    /// Where each waiting replaceable frame is in ``items``.
    private var replaceable: [OutgoingFrame.Supersedes: Int] = [:]
    /// Bytes of the messages held.
    private(set) var bytes = 0
    /// Frames replaced by newer ones before they were written.
    private(set) var coalesced = 0

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    var count: Int { items.count - head }
    var isEmpty: Bool { count == 0 }

    /// Adds a frame, or puts it in the place of the waiting one it supersedes (`replacement`,
    /// when given, goes there instead: the full code standing for a diff whose base never left).
    /// False when the queue is full (nothing is added then).
    mutating func push(_ frame: OutgoingFrame, replacement: () -> OutgoingFrame? = { nil }) -> Bool {
        if let key = frame.supersedes, let index = replaceable[key], let waiting = items[index] {
            let newer = replacement() ?? frame
            guard bytes - waiting.count + newer.count <= byteCapacity || count == 1 else { return false }
            items[index] = newer
            bytes += newer.count - waiting.count
            coalesced += 1
            return true
        }
        guard count < capacity, isEmpty || bytes + frame.count <= byteCapacity else { return false }
        if let key = frame.supersedes { replaceable[key] = items.count }
        items.append(frame)
        bytes += frame.count
        return true
    }

    /// Takes the oldest frame.
    mutating func pop() -> OutgoingFrame? {
        guard head < items.count, let frame = items[head] else { return nil }
        if let key = frame.supersedes, replaceable[key] == head { replaceable[key] = nil }
        items[head] = nil
        bytes -= frame.count
        head += 1
        if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            replaceable = replaceable.mapValues { $0 - head }
            head = 0
        }
        return frame
    }

    /// Drops everything queued.
    mutating func removeAll() {
        items = []
        replaceable = [:]
        head = 0
        bytes = 0
    }
}
