/// A connection's bounded queue of encoded messages waiting for `SERVER_WRITEABLE`.
///
/// Messages are shared byte arrays: a broadcast is encoded once and enqueued to every
/// connection without copying.
struct OutgoingQueue {
    /// The most messages held; one more means the peer is lagging.
    let capacity: Int
    /// The most bytes held; a message that would go past it means the peer is lagging, except
    /// into an empty queue (one large export always fits).
    let byteCapacity: Int
    private var items: [[UInt8]] = []
    private var head = 0
    /// Bytes of the messages held.
    private(set) var bytes = 0

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    var count: Int { items.count - head }
    var isEmpty: Bool { count == 0 }

    /// Adds a message; false when the queue is full (nothing is added then).
    mutating func push(_ message: [UInt8]) -> Bool {
        guard count < capacity, isEmpty || bytes + message.count <= byteCapacity else { return false }
        items.append(message)
        bytes += message.count
        return true
    }

    /// Takes the oldest message.
    mutating func pop() -> [UInt8]? {
        guard head < items.count else { return nil }
        let message = items[head]
        items[head] = []
        bytes -= message.count
        head += 1
        if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return message
    }

    /// Drops everything queued.
    mutating func removeAll() {
        items = []
        head = 0
        bytes = 0
    }
}
