import Dispatch
import Foundation
import SessionProtocol
import StrokeLog

/// The one owner of a session's `SessionLog`: a serial queue that group-commits operations and
/// reads the log for catch-up, replay and recognition snapshots.
///
/// Ops are submitted from the service thread into a locked list. One flush at a time runs on
/// the queue and commits *every* op waiting at that moment in one `SessionLog.append` call (one
/// transaction, one fsync), then hands the outcome back through the ``ServiceInbox``.
final class SessionWriter: @unchecked Sendable {
    let name: String
    private let queue: DispatchQueue
    private let log: SessionLog
    private let inbox: ServiceInbox
    private let lock = NSLock()
    private var waiting: [QueuedOperation] = []
    private var flushScheduled = false
    /// Called on the service thread with each commit's report.
    private let onCommit: (CommitReport) -> Void

    /// An operation waiting for the next group commit.
    struct QueuedOperation {
        var connectionID: Int
        var clientOpId: String
        var event: PendingEvent
    }

    /// What one group commit did.
    struct CommitReport {
        /// Each operation with its result, in submission order.
        var results: [(operation: QueuedOperation, result: SessionLog.Result)]
        /// The newly stored records, in seq order, including those another process appended
        /// (see ``externalRecords``).
        var stored: [EventRecord]
        /// The session's last seq after the commit.
        var headSeq: Int64
        /// The folded state after the commit, for recognition (no call back into the writer).
        var state: SessionState
        /// How many of `stored` another process appended (`sketchctl import` or `meta`).
        var externalRecords = 0
    }

    /// A piece of catch-up read from SQLite.
    struct CatchUpBatch {
        var records: [EventRecord]
        /// The session's last seq at the time of the read.
        var headSeq: Int64
        /// The state hash at `headSeq` when the batch reaches it.
        var stateHashAtHead: String?
    }

    init(log: SessionLog, inbox: ServiceInbox, onCommit: @escaping (CommitReport) -> Void) {
        name = log.name
        self.log = log
        self.inbox = inbox
        self.onCommit = onCommit
        queue = DispatchQueue(label: "sketchd.session.\(log.name)")
        externalChangeTimer = DispatchSource.makeTimerSource(queue: queue)
        externalChangeTimer.schedule(deadline: .now() + Self.externalChangeInterval, repeating: Self.externalChangeInterval, leeway: .milliseconds(100))
        externalChangeTimer.setEventHandler { [weak self] in self?.pollExternalChanges() }
        externalChangeTimer.resume()
    }

    deinit { externalChangeTimer.cancel() }

    /// How often the file is checked for events another process appended.
    static let externalChangeInterval = DispatchTimeInterval.milliseconds(250)
    private let externalChangeTimer: DispatchSourceTimer

    /// Folds and reports what `sketchctl` appended to the file while the daemon holds it.
    private func pollExternalChanges() {
        guard (try? log.absorbExternalChanges()) == true else { return }
        let records = log.takeAbsorbedRecords()
        guard let last = records.last else { return }
        let report = CommitReport(results: [], stored: records, headSeq: last.seq, state: log.state, externalRecords: records.count)
        inbox.post { self.onCommit(report) }
    }

    /// Queues an operation for the next group commit. Service thread.
    func submit(_ operation: QueuedOperation) {
        let schedule: Bool = lock.withLock {
            waiting.append(operation)
            defer { flushScheduled = true }
            return !flushScheduled
        }
        if schedule { queue.async { self.flush() } }
    }

    private func flush() {
        let batch: [QueuedOperation] = lock.withLock {
            defer {
                waiting = []
                flushScheduled = false
            }
            return waiting
        }
        guard !batch.isEmpty else { return }
        let before = log.store.lastSeq
        let results = commit(batch)
        let external = log.takeAbsorbedRecords()
        let stored = external + results.compactMap { result -> EventRecord? in
            if case .stored(let record, _) = result { return record } else { return nil }
        }
        let report = CommitReport(
            results: Array(zip(batch, results)), stored: stored, headSeq: max(before, log.store.lastSeq),
            state: log.state, externalRecords: external.count)
        inbox.post { self.onCommit(report) }
    }

    /// One transaction for the batch; if the store refuses the batch as a whole (a conflicting
    /// retry, or a storage error), each op is tried alone so one bad op cannot sink the others.
    private func commit(_ batch: [QueuedOperation]) -> [SessionLog.Result] {
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

    /// Reads up to `limit` events after `seq` and posts them to the service thread.
    func readCatchUp(after seq: Int64, limit: Int, completion: @escaping (Result<CatchUpBatch, Error>) -> Void) {
        queue.async {
            // Anything `sketchctl` appended is folded (and reported) first, so the batch never
            // runs past the head whose state hash it carries.
            self.pollExternalChanges()
            let outcome = Result { () throws -> CatchUpBatch in
                let head = self.log.store.lastSeq
                var records: [EventRecord] = []
                try self.log.store.forEachEvent(after: seq, through: min(head, seq + Int64(limit))) { records.append($0) }
                let reached = (records.last?.seq ?? seq) >= head
                return CatchUpBatch(records: records, headSeq: head, stateHashAtHead: reached ? self.log.state.stateHash : nil)
            }
            self.inbox.post { completion(outcome) }
        }
    }

    /// The role `token` grants, read from the session file now (so tokens minted by
    /// `sketchctl share` while the daemon runs work at once); nil for a wrong token.
    func role(of token: String, completion: @escaping (SessionCapabilities.Role?) -> Void) {
        queue.async {
            let role = (try? SessionCapabilities.Digests(from: self.log.store))?.role(of: token)
            self.inbox.post { completion(role) }
        }
    }

    /// Rotates or revokes one role's token in the session file, on the writer's queue; posts the
    /// new token (nil for a revoke) or the error to the service thread.
    func changeToken(_ change: ShareLinkChange, completion: @escaping (Result<String?, Error>) -> Void) {
        queue.async {
            let outcome = Result { () throws -> String? in
                switch change.action {
                case .rotate: return try SessionCapabilities.rotate(change.role, in: self.log.store)
                case .revoke: try SessionCapabilities.revoke(change.role, in: self.log.store); return nil
                }
            }
            self.inbox.post { completion(outcome) }
        }
    }

    /// Proves `clientId`'s secret against the one bound to it in the session file, binding it
    /// if the id is new to the session (``ClientSecrets``).
    func prove(clientId: String, secretDigest: String, completion: @escaping (Result<ClientSecrets.Proof, Error>) -> Void) {
        queue.async {
            let proof = Result { try ClientSecrets.prove(clientId: clientId, secretDigest: secretDigest, in: self.log.store) }
            self.inbox.post { completion(proof) }
        }
    }

    /// Waits until every submitted operation is committed. Not on the service thread.
    func drain() {
        queue.sync {}
        let more = lock.withLock { flushScheduled }
        if more { queue.sync {} }
    }
}
