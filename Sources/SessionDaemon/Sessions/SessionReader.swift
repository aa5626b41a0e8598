import Dispatch
import Synchronization
import StrokeLog

/// Reads a session's events for catch-up through a read-only WAL connection of its own, beside
/// the ``SessionWriter``: the writer never waits behind a reader, nor a reader behind a commit.
///
/// The connection is opened on the first read and closed with the room. Reads run on the shared
/// `readers` queue; one at a time per session.
final class SessionReader: Sendable {
    private let path: String
    private let queue: DispatchQueue
    private let store = Mutex<EventStore?>(nil)

    /// A reader of the session file at `path`, reading on `queue`.
    init(path: String, queue: DispatchQueue) {
        self.path = path
        self.queue = queue
    }

    /// The events after `seq` through `head`, in seq order (a committed snapshot of the file).
    func events(after seq: Int64, through head: Int64) async throws -> [EventRecord] {
        let path = path
        return try await queue.run {
            try self.store.withLock { store in
                if store == nil { store = try EventStore(readingExisting: path) }
                var records: [EventRecord] = []
                try store!.forEachEvent(after: seq, through: head) { records.append($0) }
                return records
            }
        }
    }

    /// Releases the connection (the room is closing); a later read opens it again.
    func close() {
        store.withLock { $0 = nil }
    }
}
