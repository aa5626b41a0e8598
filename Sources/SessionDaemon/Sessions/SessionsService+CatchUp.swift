import SessionProtocol
import StrokeLog

/// Catch-up: what a joining connection missed, read from the session's reader pool in batches
/// paced by the peer's reading, until it reaches the head and goes live.
extension SessionsService {
    /// Reads the next catch-up batch through the session's reader pool (beside the writer, up to the head the room
    /// knows of), unless one is in flight or the peer's queue is still full from the last one
    /// (catch-up is paced by the peer's reading).
    func readNextCatchUp(_ connection: Connection) {
        guard var membership = connection.membership, let after = membership.catchUpAfter,
              !membership.catchUpReading, connection.closing == nil else { return }
        membership.catchUpReading = true
        connection.membership = membership
        let id = connection.id, room = membership.room, readers = membership.room.readers
        let head = room.headSeq, through = min(head, after + Int64(limits.catchUpBatch))
        Task.immediate {
            do {
                let records = try await self.blocking.run { try readers.events(after: after, through: through) }
                var hash: String?
                if through == head, room.headSeq == head {
                    let state = room.state
                    hash = try await self.blocking.run { state.stateHash }
                }
                let batch = CatchUpBatch(records: records, headSeq: head, stateHashAtHead: hash)
                if let connection = self.connection(withID: id) { self.deliverCatchUp(batch, to: connection) }
            } catch is BlockingPool.Busy {
                // Nothing was read: the client resumes from where it got to, a moment later.
                guard let connection = self.connection(withID: id) else { return }
                self.send(.busy("the catch-up read"), to: connection)
                self.close(connection, code: 1013, reason: "busy; join again")
            } catch {
                self.logger.error("catch-up read failed", metadata: ["error": "\(error)"])
                if let connection = self.connection(withID: id) { self.send(WireError.storage(error), to: connection) }
            }
        }
    }

    /// A piece of catch-up read from SQLite.
    struct CatchUpBatch {
        var records: [EventRecord]
        /// The room's head seq when the read was asked for; the read went no further.
        var headSeq: Int64
        /// The state hash at `headSeq` when the batch reaches it.
        var stateHashAtHead: String?
    }

    private func deliverCatchUp(_ batch: CatchUpBatch, to connection: Connection) {
        guard var membership = connection.membership else { return }
        membership.catchUpReading = false
        for chunk in Self.chunks(of: batch.records) {
            send(EventsMessage(records: chunk), to: connection)
        }
        if let last = batch.records.last { membership.deliveredSeq = last.seq }
        // Live only if no commit was broadcast past the batch's head while it was read (those
        // skipped this connection): otherwise read on.
        if let hash = batch.stateHashAtHead, batch.headSeq >= membership.room.headSeq {
            membership.catchUpAfter = nil
            membership.deliveredSeq = batch.headSeq
            connection.membership = membership
            send(CaughtUpMessage(seq: batch.headSeq, stateHash: hash), to: connection)
            results.sendCurrentResults(to: connection)
        } else {
            membership.catchUpAfter = membership.deliveredSeq
            connection.membership = membership
            continueCatchUpIfDrained(connection)
        }
    }

    /// Splits records into messages of bounded size (by points, the bulk of a record).
    static func chunks(of records: [EventRecord], maxPoints: Int = 40_000) -> [[EventRecord]] {
        var chunks: [[EventRecord]] = []
        var current: [EventRecord] = []
        var points = 0
        for record in records {
            let weight = 1 + (record.payload.strokePointCount)
            if !current.isEmpty, points + weight > maxPoints {
                chunks.append(current)
                current = []
                points = 0
            }
            current.append(record)
            points += weight
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// Asks for more catch-up once the peer has read most of what it was sent.
    func continueCatchUpIfDrained(_ connection: Connection) {
        guard let membership = connection.membership, membership.catchUpAfter != nil, !membership.catchUpReading,
              connection.outgoing.count <= limits.outgoingQueue / 4 else { return }
        readNextCatchUp(connection)
    }

}

extension EventPayload {
    /// Points in the event (only strokes have any).
    var strokePointCount: Int {
        if case .strokeAdded(let stroke) = self { return stroke.points.count }
        return 0
    }
}
