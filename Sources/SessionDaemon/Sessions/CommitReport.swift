import SessionProtocol
import StrokeLog

extension SessionWriter {
    /// What one group commit did, with the messages it makes already encoded: the report is
    /// built on the writer's thread, so the service thread only queues bytes (with 200 sessions
    /// encoding acks and events there was a quarter of its time, and it is the one thread every
    /// ack waits for).
    struct CommitReport: Sendable {
        /// Each operation with its result, in submission order.
        let results: [(operation: QueuedOperation, result: SessionLog.Result)]
        /// What each operation's sender gets, in the order of `results`: its `ack`, or its `error`.
        let replies: [[UInt8]]
        /// The newly stored records, in seq order, including those another process appended
        /// (see ``externalRecords``).
        let stored: [EventRecord]
        /// The `events` message of all of `stored` (empty when nothing was stored).
        let encodedEvents: [UInt8]
        /// The session's last seq after the commit.
        let headSeq: Int64
        /// The folded state after the commit, for recognition (no call back into the writer).
        let state: SessionState
        /// How many of `stored` another process appended (`sketchctl import` or `meta`).
        let externalRecords: Int

        /// The report of a commit, encoding its replies and its `events` message.
        init(
            results: [(operation: QueuedOperation, result: SessionLog.Result)], stored: [EventRecord], headSeq: Int64,
            state: SessionState, externalRecords: Int = 0
        ) {
            self.results = results
            replies = results.map { Self.reply(to: $0.operation, result: $0.result) }
            self.stored = stored
            encodedEvents = stored.isEmpty ? [] : EventsEncoder.encode(stored)
            self.headSeq = headSeq
            self.state = state
            self.externalRecords = externalRecords
        }

        private static func reply(to operation: QueuedOperation, result: SessionLog.Result) -> [UInt8] {
            switch result {
            case .stored(let record, let outcome):
                return AckMessage(
                    clientOpId: operation.clientOpId, seq: record.seq, duplicate: false, outcome: OutcomeInfo(outcome)
                ).encoded
            case .duplicate(let original):
                return AckMessage(clientOpId: operation.clientOpId, seq: original.seq, duplicate: true, outcome: nil)
                    .encoded
            case .rejected(let error):
                return JSONWire.encode(ErrorMessage(WireError(error, clientOpId: operation.clientOpId)))
            }
        }
    }
}
