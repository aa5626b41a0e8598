import Dispatch
import SessionModel
import Synchronization

/// The read-only connections of one open session, beside its writer, as GRDB's `DatabasePool`
/// keeps its WAL readers: at most ``capacity`` at once, each opened on first need and kept for
/// the next read, all closed by ``close()`` when the session closes.
///
/// Each read runs in a read transaction of its own, so it sees the newest commit and a writer
/// never waits for it. A read that finds every connection lent waits (blocking its thread) until
/// one comes back: call it from a pool for blocking work, never from an event loop. After
/// ``close()`` reads still work, through a connection that is closed again after the read.
public final class SessionReaderPool: Sendable {
    /// Read-only connections an open session keeps at most (2: a catch-up and a token check or
    /// replay at the same moment; more readers of one file only queue on the same disk).
    public static let defaultCapacity = 2

    /// Where the session is (``SessionStore/location``), for messages.
    public let location: String
    /// Connections lent at most at once.
    public let capacity: Int
    private let slots: [Slot]
    private let lendable: DispatchSemaphore
    private let state: Mutex<State>

    private final class Slot: Sendable {
        let store = Mutex<(any SessionStore)?>(nil)
    }

    private struct State {
        var free: [Int]
        var closed = false
    }

    /// Opens a read-only store of the session.
    private let openReader: @Sendable () throws -> any SessionStore
    /// Looks at what the session's tokens are read from before each token check (a file
    /// replaced by a symlink is refused).
    private let checkBeforeDigests: @Sendable () throws -> Void

    /// A pool for the session file at `path`; nothing is opened until the first read.
    public convenience init(path: String, capacity: Int = SessionReaderPool.defaultCapacity) {
        self.init(
            location: path, capacity: capacity, checkBeforeDigests: { try SessionFile.check(path) },
            openReader: { try EventStore(readingExisting: path) })
    }

    /// A pool for session `name` of `catalog` (its ``SessionCatalog/openReader(_:)`` stores).
    public convenience init(
        name: String, of catalog: any SessionCatalog, capacity: Int = SessionReaderPool.defaultCapacity
    ) {
        if let directory = catalog as? SessionDirectory {
            self.init(path: directory.path(of: name), capacity: capacity)
        } else {
            self.init(
                location: "\(catalog.description) session \(name)", capacity: capacity, checkBeforeDigests: {},
                openReader: { try catalog.openReader(name) })
        }
    }

    private init(
        location: String, capacity: Int, checkBeforeDigests: @escaping @Sendable () throws -> Void,
        openReader: @escaping @Sendable () throws -> any SessionStore
    ) {
        self.location = location
        self.openReader = openReader
        self.checkBeforeDigests = checkBeforeDigests
        self.capacity = max(1, capacity)
        slots = (0..<max(1, capacity)).map { _ in Slot() }
        lendable = DispatchSemaphore(value: max(1, capacity))
        state = Mutex(State(free: Array(0..<max(1, capacity))))
    }

    /// How many connections are open now (lent or kept).
    public var openConnections: Int {
        slots.reduce(0) { count, slot in count + (slot.store.withLock { $0 != nil } ? 1 : 0) }
    }

    /// Runs `body` with a read-only connection of this session, opening one if none is kept.
    /// - Throws: what `body` throws; ``StrokeLogError/corruptStore(path:reason:)`` or
    ///   ``StrokeLogError/storageUnavailable(_:)`` when a connection cannot be opened.
    public func read<T: Sendable>(_ body: (any SessionStore) throws -> T) throws -> T {
        lendable.wait()
        let index = state.withLock { $0.free.removeLast() }
        defer {
            let closed = state.withLock { state in
                state.free.append(index)
                return state.closed
            }
            if closed { slots[index].store.withLock { $0 = nil } }
            lendable.signal()
        }
        return try slots[index].store.withLock { store in
            if store == nil { store = try openReader() }
            return try body(store!)
        }
    }

    /// The events after `seq` through `head`, in seq order.
    public func events(after seq: Int64, through head: Int64) throws -> [EventRecord] {
        try read { store in
            var records: [EventRecord] = []
            try store.forEachEvent(after: seq, through: head) { records.append($0) }
            return records
        }
    }

    /// The state at `seq` (the head when nil), folded on from the newest verified checkpoint.
    public func state(at seq: Int64?) throws -> SessionState {
        try read { try $0.replay(through: seq ?? .max).state }
    }

    /// The session's token digests as committed now, if its file is still where it was: a
    /// token check looks at the data directory as it is (a file moved away is an unknown
    /// session, a directory that cannot be searched `storageUnavailable`), even though a kept
    /// connection could still read the file.
    /// - Throws: what ``SessionFile/check(_:)`` throws, then what a read throws.
    public func digests() throws -> SessionCapabilities.Digests {
        try checkBeforeDigests()
        return try read { try SessionCapabilities.Digests(from: $0) }
    }

    /// Closes the kept connections (those lent are closed when they come back); later reads
    /// open a connection for the read alone.
    public func close() {
        state.withLock { $0.closed = true }
        closeKeptConnections()
    }

    /// Closes the connections not lent now, to give back their descriptors while the session
    /// is not being read (the next read opens one again). May wait for a read that took a
    /// connection meanwhile.
    public func closeKeptConnections() {
        for index in state.withLock({ $0.free }) { slots[index].store.withLock { $0 = nil } }
    }
}
