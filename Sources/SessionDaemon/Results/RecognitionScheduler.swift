import Dispatch
import Logging
import Recognize
import SessionProtocol
import SketchModel
import StrokeLog

/// Runs recognition for one session on the recognition pool after each committed change.
///
/// A newer change cancels the stale run (the engine checks the cancellation between stages)
/// only as long as ``ResultProgress`` allows: once the oldest uncovered change has waited
/// ``ResultProgress/cancelWindow``, runs finish and are published while newer changes wait,
/// coalesced, for the next run, so changes coming faster than runs never starve a session of
/// results. A result older than one already handed over is dropped, so results only go forward.
/// The worker also works out the publication (code diff and encoded messages) against the
/// results published when the run started, so the service thread only checks and sends.
@ServiceLoop
final class RecognitionScheduler {
    /// What a finished run produced.
    struct Outcome: Sendable {
        var generation: Int
        /// The seq the run recognised.
        var seq: Int64
        /// The published results the run started from, and those results with this run taken.
        var base: PublishedResults
        var next: PublishedResults
        /// What to broadcast when ``next`` is kept.
        var update: PublishedResults.Update
        /// The run's per-screen messages and files, to take again if the base went stale.
        var messages: [RecognitionMessage]
        var files: [GeneratedFile]
        /// Whether ``update`` compared and encoded the detections (someone watched them when
        /// the run started).
        var withDetections: Bool
    }

    private let engine: ResultsEngine
    private let session: String
    private let pool: RecognitionPool
    private let logger: Logger
    private var generation = 0
    /// Runs started and not yet ended, by generation.
    private var inFlight: [Int: CancellationToken] = [:]
    /// Runs of this generation or older are never handed over (``cancel()``).
    private var retiredThrough = 0
    /// The seq of the newest outcome handed over.
    private var handedSeq: Int64 = -1
    private var progress = ResultProgress()
    private let clock = MonotonicClock()

    init(engine: ResultsEngine, session: String, pool: RecognitionPool, logger: Logger) {
        self.engine = engine
        self.session = session
        self.pool = pool
        self.logger = logger
    }

    /// Starts a run over `state` (the newest committed one, from the commit report), cancelling
    /// the stale ones while ``ResultProgress`` allows it; `completion` gets the outcome unless a
    /// newer one was handed over first. `published` is what the session's members have now;
    /// the detections are encoded only `withDetections` (a member watches them).
    func changed(
        _ state: SessionState, published: PublishedResults, withDetections: Bool,
        completion: @escaping @ServiceLoop (Outcome) -> Void
    ) {
        generation += 1
        if progress.changed(seq: state.lastSeq, now: clock.seconds) {
            inFlight.values.forEach { $0.cancel() }
        }
        let cancellation = CancellationToken()
        let run = generation
        inFlight[run] = cancellation
        let engine = engine
        let input = HandOff((state, published))
        let submitted = clock.seconds
        pool.submit(
            session: session,
            {
                guard let (state, published) = input.take() else { throw CancellationError() }
                return try Self.recognize(
                    state, published: published, withDetections: withDetections, generation: run,
                    engine: engine, cancellation: cancellation)
            },
            completion: { result in
                ServiceLoop.executor.run {
                    self.finish(run, result: result, unused: input, submitted: submitted, completion: completion)
                }
            })
    }

    /// Hands a finished run's outcome to `completion` unless a newer one went first.
    private func finish(
        _ run: Int, result: Result<Outcome, any Error>, unused input: HandOff<(SessionState, PublishedResults)>,
        submitted: Double, completion: @ServiceLoop (Outcome) -> Void
    ) {
        inFlight[run] = nil
        let outcome: Outcome
        switch result {
        case .success(let finished):
            outcome = finished
        case .failure(let error) where error is CancellationError:
            // A run replaced before it started leaves its state here.
            if let unused = input.take() { ReleaseQueue.release(unused) }
            return
        case .failure(let error):
            return logger.error("recognition failed", metadata: ["session": "\(session)", "error": "\(error)"])
        }
        guard run > retiredThrough, outcome.seq > handedSeq else { return }
        handedSeq = outcome.seq
        let now = clock.seconds
        if let late = progress.published(seq: outcome.seq, now: now, runSeconds: now - submitted) {
            logger.warning(
                "results came later than the progress bound",
                metadata: [
                    "session": "\(session)", "waitedMs": "\(Int(late.waited * 1000))",
                    "boundMs": "\(Int(late.bound * 1000))",
                ])
        }
        completion(outcome)
    }

    /// One run, on a pool thread: recognition, code, and the publication against `published`.
    private nonisolated static func recognize(
        _ state: SessionState, published: PublishedResults, withDetections: Bool, generation: Int,
        engine: ResultsEngine, cancellation: CancellationToken
    ) throws -> Outcome {
        guard !cancellation.isCancelled else { throw CancellationError() }
        let recognition = try engine.recognize(state, cancellation: cancellation)
        guard !cancellation.isCancelled else { throw CancellationError() }
        let code = engine.code(for: recognition)
        let messages = RecognitionMessage.all(recognition, seq: recognition.seq, previews: code.previews)
        var next = published
        let update = next.take(
            seq: recognition.seq, messages: messages, files: code.files, withDetections: withDetections,
            diff: engine.hunks)
        return Outcome(
            generation: generation, seq: recognition.seq, base: published, next: next, update: update,
            messages: messages, files: code.files, withDetections: withDetections)
    }

    /// Cancels whatever runs (shutdown, or the room closing).
    func cancel() {
        retiredThrough = generation
        inFlight.values.forEach { $0.cancel() }
        progress = ResultProgress()
    }
}
