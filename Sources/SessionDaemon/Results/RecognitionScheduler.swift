import Dispatch
import Exporter
import Logging
import Recognize
import StrokeLog

/// Runs recognition for one session on a worker thread after each committed change.
///
/// A newer change cancels the stale run (the engine checks the cancellation between stages),
/// and every run carries a generation number: a result whose generation is not the newest is
/// dropped on the service thread, so a late result of an old run is never broadcast.
/// The worker also works out the publication (code diff and encoded messages) against the
/// results published when the run started, so the service thread only checks and sends.
/// ``changed(_:published:completion:)`` and the completion run on the service thread; the run
/// itself never does.
final class RecognitionScheduler {
    /// What a finished run produced.
    struct Outcome {
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
    }

    private let engine: ResultsEngine
    private let session: String
    private let inbox: ServiceInbox
    private let pool: RecognitionPool
    private let logger: Logger
    private var generation = 0
    private var running: CancellationToken?

    init(engine: ResultsEngine, session: String, inbox: ServiceInbox, pool: RecognitionPool, logger: Logger) {
        self.engine = engine
        self.session = session
        self.inbox = inbox
        self.pool = pool
        self.logger = logger
    }

    /// Starts a run over `state` (the newest committed one, from the commit report), cancelling
    /// the stale one; `completion` gets the outcome on the service thread unless a newer run was
    /// started meanwhile. `published` is what the session's members have now.
    func changed(_ state: SessionState, published: PublishedResults, completion: @escaping (Outcome) -> Void) {
        generation += 1
        running?.cancel()
        let cancellation = CancellationToken()
        running = cancellation
        let run = generation
        let engine = engine, session = session, logger = logger
        pool.submit(session: session) {
            guard !cancellation.isCancelled else { return }
            do {
                let recognition = try engine.recognize(state, cancellation: cancellation)
                guard !cancellation.isCancelled else { return }
                let files = engine.files(for: recognition)
                let messages = RecognitionMessage.all(recognition, seq: recognition.seq)
                var next = published
                let update = next.take(seq: recognition.seq, messages: messages, files: files, diff: engine.hunks)
                let outcome = Outcome(
                    generation: run, seq: recognition.seq, base: published, next: next, update: update, messages: messages, files: files)
                self.inbox.post {
                    guard run == self.generation else { return }
                    self.running = nil
                    completion(outcome)
                }
            } catch is CancellationError {
                return
            } catch {
                logger.error("recognition failed", metadata: ["session": "\(session)", "error": "\(error)"])
            }
        }
    }

    /// Cancels whatever runs (shutdown).
    func cancel() {
        generation += 1
        running?.cancel()
        running = nil
    }
}
