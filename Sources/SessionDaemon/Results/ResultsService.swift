import Foundation
import Exporter
import Logging
import Recognize
import SessionProtocol
import StrokeLog

/// Derived results: recognition after each change and its broadcast (code versions and
/// diffs), the current results for late joiners, replays and exports.
@ServiceLoop
final class ResultsService: TransportUser {
    let transport: any ClientTransport
    private let engine: ResultsEngine
    private let logger: Logger
    private let shutdown: Shutdown
    /// Recognition runs, one thread per core, at a lower priority than sockets and commits.
    private let recognitionPool: RecognitionPool
    /// Replays and exports.
    private let blocking: BlockingPool

    init(engine: ResultsEngine, transport: any ClientTransport, blocking: BlockingPool, shutdown: Shutdown, logger: Logger) {
        self.engine = engine
        self.transport = transport
        self.blocking = blocking
        self.shutdown = shutdown
        self.logger = logger
        recognitionPool = RecognitionPool(niceness: transport.limits.recognitionNice)
    }

    /// The recognition scheduler of a freshly opened session.
    /// Forgets the engine's cached work, off the service thread (before the heap trims that
    /// follow closes, which then hand it back to the system).
    func forgetCachedWork() {
        let engine = engine
        DispatchQueue.global(qos: .utility).async { engine.forgetCachedWork() }
    }

    func makeScheduler(session: String) -> RecognitionScheduler {
        RecognitionScheduler(engine: engine, session: session, pool: recognitionPool, logger: logger)
    }

    /// Starts recognition over the session's newest state (cancelling a stale run). A room's
    /// scheduler is cancelled when the room closes, so no outcome arrives for a closed room.
    func scheduleRecognition(_ room: SessionRoom) {
        guard shutdown.isRunning else { return }
        room.scheduler.changed(room.state, published: room.results, withDetections: room.detectionsWatched) { [weak self, weak room] outcome in
            guard let self, let room else { return }
            self.publish(outcome, in: room)
        }
    }

    /// Broadcasts what changed: recognition of changed screens, then code or a code diff. The
    /// worker prepared it against the results it started from; only if something was published
    /// since (an older run finishing late) is it worked out again here.
    private func publish(_ outcome: RecognitionScheduler.Outcome, in room: SessionRoom) {
        let update: PublishedResults.Update
        let comparedDetections: Bool
        if room.results.isUnchanged(since: outcome.base) {
            room.results = outcome.next
            update = outcome.update
            comparedDetections = outcome.withDetections
        } else {
            comparedDetections = room.detectionsWatched
            update = room.results.take(seq: outcome.seq, messages: outcome.messages, files: outcome.files,
                                       withDetections: comparedDetections, diff: engine.hunks)
        }
        for (screen, index, encoded) in update.screens {
            broadcastRecognition(encoded, of: screen, at: index, in: room)
        }
        if !comparedDetections, room.detectionsWatched { sendUncomparedDetections(besides: update, in: room) }
        if let code = update.code {
            // A peer still waiting for the last code or diff gets the full code of this version.
            let full = room.results.encodedCode
            broadcast(frame: OutgoingFrame(code, supersedes: .code), in: room) { full.map { OutgoingFrame($0, supersedes: .code) } }
        }
    }

    /// Sends each live member the form of a screen's recognition (the one at `index` of the
    /// published results) it watches, if that form changed: one frame per form, made once and
    /// shared by every member that gets it (the form with the detections is written here when
    /// the run left them out; ``sendUncomparedDetections(besides:in:)`` covers what that misses).
    private func broadcastRecognition(_ encoded: RecognitionEncoder.Encoded, of screen: String, at index: Int, in room: SessionRoom) {
        var frames: [Bool: OutgoingFrame] = [:]
        transport.broadcast(in: room) { member in
            let watches = member.watchesDetections
            guard encoded.changed(withDetections: watches) else { return nil }
            if let made = frames[watches] { return made }
            let frame = OutgoingFrame(room.results.recognition(at: index, withDetections: watches), supersedes: .recognition(screen: screen))
            frames[watches] = frame
            return frame
        }
    }

    /// For a member that began watching while the run was under way: the run did not compare the
    /// detections, so a change to them alone would reach no watcher until the next change. Each
    /// watcher gets every screen's recognition with them that the update did not just send it.
    private func sendUncomparedDetections(besides update: PublishedResults.Update, in room: SessionRoom) {
        let sent = Set(update.screens.filter { $0.encoded.changed(withDetections: true) }.map(\.index))
        for (index, message) in room.results.screens.enumerated() where !sent.contains(index) {
            let frame = OutgoingFrame(room.results.recognition(at: index, withDetections: true), supersedes: .recognition(screen: message.screen))
            transport.broadcast(in: room) { $0.watchesDetections ? frame : nil }
        }
    }

    /// After catch-up: the current recognition of every screen, then the full code once.
    func sendCurrentResults(to connection: Connection) {
        sendCurrentRecognition(to: connection)
        guard let code = connection.membership?.room.results.encodedCode else { return }
        send(frame: OutgoingFrame(code, supersedes: .code), to: connection)
    }

    /// The current recognition of every screen, in the form the connection watches.
    private func sendCurrentRecognition(to connection: Connection) {
        guard let room = connection.membership?.room else { return }
        for (index, message) in room.results.screens.enumerated() {
            let bytes = room.results.recognition(at: index, withDetections: connection.watchesDetections)
            send(frame: OutgoingFrame(bytes, supersedes: .recognition(screen: message.screen)), to: connection)
        }
    }

    /// Answers `watchDetections`: from now on the connection's recognition messages carry the
    /// detections, or not. One that starts watching while live gets every screen's current
    /// recognition with them at once; before it is live, its catch-up ends with them.
    func watchDetections(_ on: Bool, from connection: Connection) {
        guard connection.watchesDetections != on else { return }
        connection.watchesDetections = on
        if on, connection.membership?.isLive == true { sendCurrentRecognition(to: connection) }
    }

    /// Answers `getCode` with the full current code.
    func sendCurrentCode(to connection: Connection) {
        guard let code = connection.membership?.room.results.encodedCode else {
            return send(WireError(.unavailable, "no code has been generated yet"), to: connection)
        }
        send(bytes: code, to: connection)
    }

    /// Answers `replay` with the state at `toSeq` and, when an engine is loaded, its results
    /// (with the detections only for a connection that watches them).
    func replay(toSeq: Int64?, for connection: Connection) {
        guard let room = connection.membership?.room else { return }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: connection) }
        guard admitHeavyRequest(from: connection, what: "replay") else { return }
        let withDetections = connection.watchesDetections
        runBlocking(for: connection, room: room, toSeq: toSeq, what: "the replay") { engine, state in
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
    func export(format: String, toSeq: Int64?, for connection: Connection) {
        guard let room = connection.membership?.room else { return }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: connection) }
        guard admitHeavyRequest(from: connection, what: "export") else { return }
        let readers = room.readers
        runBlocking(for: connection, room: room, toSeq: toSeq, what: "the export") { engine, state in
            // Consent is judged as it stands now: withdrawn at the head, it holds for every seq.
            let presentConsent = try format == "dataset" && (toSeq == nil ? state : readers.state(at: nil)).trainingConsent
            if format == "dataset", !presentConsent {
                throw ExportFailure(error: WireError(.noConsent, "this session has no training consent now; a dataset export is refused at any seq"))
            }
            let recognition = try engine.recognize(state, cancellation: CancellationToken())
            let file = try engine.export(format: format, state: state, recognition: recognition, presentConsent: presentConsent)
            return JSONWire.encode(ExportResultMessage(format: format, filename: file.filename, mime: file.mime,
                                                       base64: Data(file.data).base64EncodedString()))
        }
    }

    /// One replay or export in flight per connection, within its rate: they fold and recognise
    /// a whole session, so a viewer must not be able to keep the blocking pool busy for everyone.
    private func admitHeavyRequest(from connection: Connection, what: String) -> Bool {
        guard !connection.heavyRequestInFlight else {
            send(WireError(.rateLimited, "one replay or export at a time; wait for the answer to the last one", retryAfterMs: 100), to: connection)
            return false
        }
        let now = clock.seconds
        guard connection.heavyBucket.take(now: now) else {
            let wait = connection.heavyBucket.millisecondsUntilNextToken(now: now)
            send(WireError(.rateLimited, "more than \(Int(limits.heavyPerSecond)) replays and exports a second (burst \(Int(limits.heavyBurst)))", retryAfterMs: wait), to: connection)
            return false
        }
        connection.heavyRequestInFlight = true
        return true
    }

    /// Folds the state at `toSeq` through the session's reader pool (never the writer's queue)
    /// and runs `work` on the blocking pool; the reply (or a typed error, `busy` when the pool's
    /// queue is full) goes to the connection if it is still there.
    private func runBlocking(for connection: Connection, room: SessionRoom, toSeq: Int64?, what: String,
                             _ work: @escaping @Sendable (ResultsEngine, SessionState) throws -> [UInt8]) {
        let id = connection.id, readers = room.readers
        let engine = engine, logger = logger
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
                        return JSONWire.encode(ErrorMessage(WireError(.exportFailed, "\(error)".prefix(200).description)))
                    }
                }
            } catch {
                reply = JSONWire.encode(ErrorMessage(.busy(what)))
            }
            guard let connection = self.connection(withID: id) else { return }
            connection.heavyRequestInFlight = false
            self.send(bytes: reply, to: connection)
        }
    }
}
