import SessionProtocol
import StrokeLog

/// Catch-up: what a joining client missed, read from the session's reader pool in batches
/// paced by the peer's reading, until it reaches the head and goes live.
extension SessionsService {
    /// Reads the next catch-up batch through the session's reader pool (beside the writer, up to
    /// the head the room knows of), unless one is in flight or the peer's queue is still full
    /// from the last one (catch-up is paced by the peer's reading).
    ///
    /// The read that reaches the head also hashes the state at that head (in the same pool job),
    /// and from then on holds the records committed meanwhile for the client: it goes live
    /// after that one read whatever the commit rate, never chasing a head that keeps moving.
    func readNextCatchUp(_ client: Client) {
        guard let membership = client.membership, case .behind(let after, reading: false) = membership.catchUp,
            client.connection.closing == nil
        else { return }
        let id = client.id
        let room = membership.room
        let readers = membership.room.readers
        let head = room.headSeq
        let through = min(head, after + Int64(limits.catchUpBatch))
        let stateAtHead = through == head && room.state.lastSeq == head ? room.state : nil
        client.updateMembership {
            $0.catchUp =
                stateAtHead != nil ? .reachingHead(HeldLive(after: head)) : .behind(after: after, reading: true)
        }
        Task.immediate {
            do {
                let batch = try await self.blocking.run {
                    CatchUpBatch(
                        records: try readers.events(after: after, through: through), headSeq: head,
                        stateHashAtHead: stateAtHead?.stateHash)
                }
                if let client = self.client(withID: id) { self.deliverCatchUp(batch, to: client) }
            } catch is BlockingPool.Busy {
                // Nothing was read: the client resumes from where it got to, a moment later.
                guard let client = self.client(withID: id) else { return }
                self.send(.busy("the catch-up read"), to: client)
                self.close(client, code: 1013, reason: "busy; join again")
            } catch {
                // Said, and closed: a client left catching up with no read in flight would
                // never get `caughtUp`. The client resumes with `join` and its last seq.
                self.logger.error("catch-up read failed", metadata: ["error": "\(error)"])
                guard let client = self.client(withID: id) else { return }
                self.send(WireError.storage(error), to: client)
                self.close(client, code: 1013, reason: "catch-up read failed; join again")
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

    private func deliverCatchUp(_ batch: CatchUpBatch, to client: Client) {
        guard let membership = client.membership else { return }
        for chunk in Self.chunks(of: batch.records) {
            send(EventsMessage(records: chunk), to: client)
        }
        let delivered = batch.records.last?.seq ?? membership.deliveredSeq
        guard let hash = batch.stateHashAtHead, case .reachingHead(let held) = membership.catchUp else {
            client.updateMembership {
                $0.deliveredSeq = delivered
                $0.catchUp = .behind(after: delivered, reading: false)
            }
            return continueCatchUpIfDrained(client)
        }
        // Live now: `caughtUp` at the head the read reached, then what was committed since.
        send(CaughtUpMessage(seq: batch.headSeq, stateHash: hash), to: client)
        for chunk in Self.chunks(of: held.records) {
            send(EventsMessage(records: chunk), to: client)
        }
        client.updateMembership {
            $0.deliveredSeq = held.records.last?.seq ?? batch.headSeq
            $0.catchUp = .live
        }
        observer.caughtUp(client, in: membership.room)
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
    func continueCatchUpIfDrained(_ client: Client) {
        guard case .behind(_, reading: false) = client.membership?.catchUp,
            client.connection.outgoing.count <= limits.outgoingQueue / 4
        else { return }
        readNextCatchUp(client)
    }

}

extension EventPayload {
    /// Points in the event (only strokes have any).
    var strokePointCount: Int {
        if case .strokeAdded(let stroke) = self { return stroke.points.count }
        return 0
    }
}
