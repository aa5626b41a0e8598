import Foundation
import Exporter
import Recognize
import StrokeLog

/// Derived results: recognition broadcasts, code versions, replay and export.
extension Daemon {
    /// Starts recognition over the session's newest state (cancelling a stale run).
    func scheduleRecognition(_ room: SessionRoom) {
        guard let scheduler = room.scheduler, shutdown == .running else { return }
        let name = room.name
        scheduler.changed { [weak self] outcome in
            guard let self, let room = self.registry.openRoom(name) else { return }
            self.publish(outcome, in: room)
        }
    }

    /// Broadcasts what changed: recognition of changed screens, then code or a code diff.
    private func publish(_ outcome: RecognitionScheduler.Outcome, in room: SessionRoom) {
        guard let engine else { return }
        let update = room.results.take(outcome.recognition, files: outcome.files, diff: engine.hunks)
        for message in update.recognition {
            broadcast(bytes: JSONWire.encode(message), in: room)
        }
        if let code = update.code { broadcast(bytes: JSONWire.encode(code), in: room) }
        if let diff = update.codeDiff { broadcast(bytes: JSONWire.encode(diff), in: room) }
    }

    /// After catch-up: the current recognition of every screen, then the full code once.
    func sendCurrentResults(to connection: Connection) {
        guard let room = connection.membership?.room else { return }
        for message in room.results.screens { send(message, to: connection) }
        if let code = room.results.codeMessage { send(code, to: connection) }
    }

    /// Answers `getCode` with the full current code.
    func sendCurrentCode(to connection: Connection) {
        guard engine != nil else { return send(Self.noEngine, to: connection) }
        guard let code = connection.membership?.room.results.codeMessage else {
            return send(WireError(.unavailable, "no code has been generated yet"), to: connection)
        }
        send(code, to: connection)
    }

    static let noEngine = WireError(.unavailable, "this sketchd build has no recognizer wired in")

    /// Answers `replay` with the state at `toSeq` and, when an engine is loaded, its results.
    func replay(toSeq: Int64?, for connection: Connection) {
        guard let room = connection.membership?.room else { return }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: connection) }
        runOnWorker(for: connection, room: room, toSeq: toSeq) { engine, state in
            var message = ReplayStateMessage(seq: state.lastSeq, strokes: state.liveStrokes, screens: state.screens)
            if let engine {
                let recognition = try engine.recognize(state, cancellation: RunCancellation())
                message.recognition = RecognitionMessage.all(recognition, seq: state.lastSeq)
                message.files = engine.files(for: recognition)
            }
            return JSONWire.encode(message)
        }
    }

    /// Answers `export` with the artifact in base64.
    func export(format: String, toSeq: Int64?, for connection: Connection) {
        guard let room = connection.membership?.room else { return }
        guard engine != nil else { return send(Self.noEngine, to: connection) }
        if let toSeq, toSeq < 0 { return send(WireError(.invalidNumber, "toSeq must not be negative"), to: connection) }
        runOnWorker(for: connection, room: room, toSeq: toSeq) { engine, state in
            guard let engine else { throw ExportFailure(error: Self.noEngine) }
            if format == "dataset", !state.trainingConsent {
                throw ExportFailure(error: WireError(.noConsent, "this session has no training consent; a dataset export is refused"))
            }
            let recognition = try engine.recognize(state, cancellation: RunCancellation())
            let file = try engine.export(format: format, state: state, recognition: recognition)
            return JSONWire.encode(ExportResultMessage(format: format, filename: file.filename, mime: file.mime,
                                                       base64: Data(file.data).base64EncodedString()))
        }
    }

    /// Folds the state at `toSeq` and runs `work` on a worker; the reply (or a typed error)
    /// goes to the connection if it is still there.
    private func runOnWorker(for connection: Connection, room: SessionRoom, toSeq: Int64?,
                             _ work: @escaping (ResultsEngine?, SessionState) throws -> [UInt8]) {
        let id = connection.id, writer = room.writer, engine = engine, inbox = inbox!, logger = logger
        workers.async {
            let reply: [UInt8]
            do {
                reply = try work(engine, try writer.state(at: toSeq))
            } catch let failure as ExportFailure {
                reply = JSONWire.encode(ErrorMessage(failure.error))
            } catch let error as StrokeLogError {
                reply = JSONWire.encode(ErrorMessage(WireError(error, clientOpId: nil)))
            } catch {
                logger.error("replay or export failed", metadata: ["error": "\(error)"])
                reply = JSONWire.encode(ErrorMessage(WireError(.exportFailed, "\(error)".prefix(200).description)))
            }
            inbox.post { [weak self] in
                guard let self, let connection = self.connection(withID: id) else { return }
                self.send(bytes: reply, to: connection)
            }
        }
    }
}
