import Dispatch
import Foundation
import SessionProtocol
import StrokeLog
import Synchronization

/// The one owner of a session's `SessionLog`: a serial queue that group-commits operations,
/// absorbs what `sketchctl` commits (when the ``SessionFileWatcher`` says it wrote), and binds or proves client secrets and changes tokens (the
/// writes besides ops). Catch-up, token checks and replays read beside it, through the
/// session's ``SessionReaderPool``.
///
/// Ops are submitted from the service thread into a locked list. One flush at a time runs on
/// the queue and commits *every* op waiting at that moment in one `SessionLog.append` call (one
/// transaction, one fsync), then hands the outcome to the service loop (``deliverCommits(to:)``). The other calls are
/// `async`: the caller awaits them while the queue does the SQLite work.
final class SessionWriter: Sendable {
    let name: String
    /// The state the log had when it was opened.
    let openedState: SessionState
    /// Where every group commit's report, and the events another process appended, go in seq
    /// order; reports made before a handler is set wait for it.
    private let delivery = Mutex(Delivery())
    private let queue: DispatchQueue
    /// The log, locked by whoever uses it (the writer's queue); nil once ``close()`` released
    /// it, which closes its SQLite connection.
    private let log: Mutex<SessionLog?>
    private let waiting = Mutex(Waiting())

    /// An operation waiting for the next group commit.
    struct QueuedOperation: Sendable {
        var connectionID: Int
        var clientOpId: String
        var event: PendingEvent
        /// When the service thread took it (``MonotonicClock`` seconds), for ``NodeLoad``.
        var receivedAt: Double
    }

    /// A handler of commit reports on the service loop.
    typealias CommitHandler = @ServiceLoop @Sendable (CommitReport) -> Void

    private struct Delivery {
        var handler: CommitHandler?
        var pending: [CommitReport] = []
    }

    private struct Waiting {
        var operations: [QueuedOperation] = []
        var flushScheduled = false
        /// Whether a look for foreign commits is queued.
        var foreignCheckScheduled = false
        /// Set by ``close()``: no more looks for foreign commits.
        var closed = false
    }

    /// Takes `log` over; from now on only the writer's queue uses it.
    init(log: sending SessionLog) {
        name = log.name
        openedState = log.state
        self.log = Mutex<SessionLog?>(log)
        queue = DispatchQueue(label: "sketchd.session.\(name)")
    }

    /// Looks, on the writer's queue, for what another process committed to the file (the
    /// ``SessionFileWatcher`` calls it when one has written to it); calls that come while a look
    /// is queued are the same look.
    func absorbForeignCommits() {
        let schedule = waiting.withLock { waiting in
            defer { waiting.foreignCheckScheduled = true }
            return !waiting.foreignCheckScheduled && !waiting.closed
        }
        guard schedule else { return }
        queue.async {
            let closed = self.waiting.withLock { waiting in
                waiting.foreignCheckScheduled = false
                return waiting.closed
            }
            if !closed { self.reportForeignCommits() }
        }
    }

    /// Folds and reports what `sketchctl` appended to the file while the daemon holds it.
    private func reportForeignCommits() {
        let report: CommitReport? = log.withLock { log in
            guard let log, (try? log.absorbExternalChanges()) == true else { return nil }
            let records = log.takeAbsorbedRecords()
            guard let last = records.last else { return nil }
            return CommitReport(
                results: [], stored: records, headSeq: last.seq, state: log.state, externalRecords: records.count)
        }
        if let report { deliver(report) }
    }

    /// Queues an operation for the next group commit.
    func submit(_ operation: QueuedOperation) {
        let schedule = waiting.withLock { waiting in
            waiting.operations.append(operation)
            defer { waiting.flushScheduled = true }
            return !waiting.flushScheduled
        }
        if schedule { queue.async { self.flush() } }
    }

    private func flush() {
        let batch = waiting.withLock { waiting in
            defer {
                waiting.operations = []
                waiting.flushScheduled = false
            }
            return waiting.operations
        }
        guard !batch.isEmpty else { return }
        GroupCommitCounts.shared.committed(batch.count)
        let report = log.withLock { log in
            guard let log else {
                let closed = StrokeLogError.storageUnavailable("the session was closed")
                return CommitReport(
                    results: batch.map { ($0, .rejected(closed)) }, stored: [], headSeq: 0, state: openedState)
            }
            let before = log.store.lastSeq
            let results = Self.commit(batch, to: log)
            let external = log.takeAbsorbedRecords()
            let stored =
                external
                + results.compactMap { result -> EventRecord? in
                    if case .stored(let record, _) = result { return record } else { return nil }
                }
            return CommitReport(
                results: Array(zip(batch, results)), stored: stored, headSeq: max(before, log.store.lastSeq),
                state: log.state, externalRecords: external.count)
        }
        deliver(report)
    }

    /// Sends every commit report, in order, to `handler` on the service loop, starting with those
    /// made before it was set.
    @ServiceLoop
    func deliverCommits(to handler: @escaping CommitHandler) {
        let pending = delivery.withLock { delivery in
            delivery.handler = handler
            defer { delivery.pending = [] }
            return delivery.pending
        }
        // Reports made from here on are queued behind this call on the service loop.
        pending.forEach(handler)
    }

    /// Hands `report` to the service loop, in order, as a call queued on its executor (neither a
    /// task nor an `AsyncStream`, which both go through the global executor first: one more
    /// thread woken per commit).
    private func deliver(_ report: CommitReport) {
        let handler = delivery.withLock { delivery in
            if delivery.handler == nil { delivery.pending.append(report) }
            return delivery.handler
        }
        if let handler { ServiceLoop.executor.run { handler(report) } }
    }

    /// One transaction for the batch; if the store refuses the batch as a whole (a conflicting
    /// retry, or a storage error), each op is tried alone so one bad op cannot sink the others.
    private static func commit(_ batch: [QueuedOperation], to log: SessionLog) -> [SessionLog.Result] {
        do {
            return try log.append(batch.map(\.event))
        } catch {
            return batch.map { operation in
                do {
                    return try log.append(operation.event)
                } catch let error as StrokeLogError {
                    return .rejected(error)
                } catch {
                    return .rejected(.storage("\(error)"))
                }
            }
        }
    }

    /// Rotates or revokes one role's token in the session file: the new token, nil for a revoke.
    func changeToken(_ change: ShareLinkChange) async throws -> String? {
        try await queue.run {
            try self.withOpenLog { log in
                switch change.action {
                case .rotate: return try SessionCapabilities.rotate(change.role, in: log.store)
                case .revoke:
                    try SessionCapabilities.revoke(change.role, in: log.store)
                    return nil
                }
            }
        }
    }

    /// Proves `clientId`'s secret against the one bound to it in the session file, binding it
    /// if the id is new to the session (``ClientSecrets``).
    func prove(clientId: String, secretDigest: String) async throws -> ClientSecrets.Proof {
        try await queue.run {
            try self.withOpenLog { log in
                try ClientSecrets.prove(clientId: clientId, secretDigest: secretDigest, in: log.store)
            }
        }
    }

    /// Waits until every submitted operation is committed. Blocks: not on the service thread.
    func drain() {
        queue.sync {}
        let more = waiting.withLock { $0.flushScheduled }
        if more { queue.sync {} }
    }

    /// Drains, then closes the log's SQLite connection: the writer takes no more operations.
    /// Blocks: not on the service thread.
    func close() {
        waiting.withLock { $0.closed = true }
        drain()
        queue.sync { log.withLock { $0 = nil } }
    }

    /// Runs `body` with the log, on the caller's (the writer's) queue.
    /// - Throws: `storageUnavailable` once the writer is closed, or what `body` throws.
    private func withOpenLog<Result: Sendable>(_ body: (SessionLog) throws -> Result) throws -> Result {
        try log.withLock { log in
            guard let log else { throw StrokeLogError.storageUnavailable("the session was closed") }
            return try body(log)
        }
    }
}
