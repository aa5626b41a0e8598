import Foundation
import Recognize
import SessionProtocol
import StrokeLog

/// Replays and exports: each folds and recognises a whole session on the blocking pool, one at a
/// time per client and within a rate.
extension ResultsService {
    /// Answers `replay` with the state at `toSeq` and, when an engine is loaded, its results
    /// (with the detections only for a client that watches them).
    func replay(toSeq: Int64?, for client: Client) {
        guard let room = client.membership?.room else { return }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: client) }
        guard admitHeavyRequest(from: client, what: "replay") else { return }
        let withDetections = watches(client)
        runBlocking(for: client, room: room, toSeq: toSeq, what: "the replay") { engine, state in
            var message = ReplayStateMessage(seq: state.lastSeq, strokes: state.liveStrokes, screens: state.screens)
            let recognition = try engine.recognize(state, cancellation: CancellationToken())
            let code = engine.code(for: recognition)
            var screens = RecognitionMessage.all(recognition, seq: state.lastSeq, previews: code.previews)
            if !withDetections { screens.indices.forEach { screens[$0].detections = nil } }
            message.recognition = screens
            message.files = code.files
            return JSONWire.encode(message)
        }
    }

    /// Answers `export` with the artifact in base64.
    func export(format: String, toSeq: Int64?, for client: Client) {
        guard let room = client.membership?.room else { return }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: client) }
        guard admitHeavyRequest(from: client, what: "export") else { return }
        let readers = room.readers
        runBlocking(for: client, room: room, toSeq: toSeq, what: "the export") { engine, state in
            // Consent is judged as it stands now: withdrawn at the head, it holds for every seq.
            let presentConsent =
                try format == "dataset" && (toSeq == nil ? state : readers.state(at: nil)).trainingConsent
            if format == "dataset", !presentConsent {
                throw ExportFailure(
                    error: WireError(
                        .noConsent, "this session has no training consent now; a dataset export is refused at any seq"))
            }
            let recognition = try engine.recognize(state, cancellation: CancellationToken())
            let file = try engine.export(
                format: format, state: state, recognition: recognition, presentConsent: presentConsent)
            return JSONWire.encode(
                ExportResultMessage(
                    format: format, filename: file.filename, mime: file.mime,
                    base64: Data(file.data).base64EncodedString()))
        }
    }

    /// One replay or export in flight per client, within its rate: they fold and recognise
    /// a whole session, so a viewer must not be able to keep the blocking pool busy for everyone.
    private func admitHeavyRequest(from client: Client, what: String) -> Bool {
        let now = clock.seconds
        var requests =
            heavy[client.id]
            ?? HeavyRequests(bucket: TokenBucket(burst: limits.heavyBurst, perSecond: limits.heavyPerSecond, now: now))
        defer { heavy[client.id] = requests }
        guard !requests.inFlight else {
            send(
                WireError(
                    .rateLimited, "one replay or export at a time; wait for the answer to the last one",
                    retryAfterMs: 100), to: client)
            return false
        }
        guard requests.bucket.take(now: now) else {
            let wait = requests.bucket.millisecondsUntilNextToken(now: now)
            send(
                WireError(
                    .rateLimited,
                    "more than \(Int(limits.heavyPerSecond)) replays and exports a second (burst \(Int(limits.heavyBurst)))",
                    retryAfterMs: wait), to: client)
            return false
        }
        requests.inFlight = true
        return true
    }

    /// Folds the state at `toSeq` through the session's reader pool (never the writer's queue)
    /// and runs `work` on the blocking pool; the reply (or a typed error, `busy` when the pool's
    /// queue is full) goes to the client if it is still there.
    private func runBlocking(
        for client: Client, room: SessionRoom, toSeq: Int64?, what: String,
        _ work: @escaping @Sendable (ResultsEngine, SessionState) throws -> [UInt8]
    ) {
        let id = client.id
        let readers = room.readers
        let engine = engine
        let logger = logger
        Task.immediate {
            let reply: [UInt8]
            do {
                reply = try await self.blocking.run { () -> [UInt8] in
                    do {
                        return try work(engine, try readers.state(at: toSeq))
                    } catch let failure as ExportFailure {
                        return JSONWire.encode(ErrorMessage(failure.error))
                    } catch let error as StrokeLogError {
                        return JSONWire.encode(ErrorMessage(WireError(error, clientOpId: nil)))
                    } catch {
                        logger.error("replay or export failed", metadata: ["error": "\(error)"])
                        return JSONWire.encode(
                            ErrorMessage(WireError(.exportFailed, "\(error)".prefix(200).description)))
                    }
                }
            } catch {
                reply = JSONWire.encode(ErrorMessage(.busy(what)))
            }
            guard let connection = self.connection(withID: id) else { return }
            self.heavy[id]?.inFlight = false
            self.send(bytes: reply, to: connection)
        }
    }
}
