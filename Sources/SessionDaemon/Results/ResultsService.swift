import Exporter
import Foundation
import Logging
import Recognize
import SessionProtocol
import StrokeLog

/// Derived results: recognition after each change and its broadcast (code versions and
/// diffs), the current results for late joiners, replays and exports. It keeps, per open room,
/// the scheduler and what was published (``RoomResults``), and per client whether it watches
/// the raw detections and its replays and exports in flight; the sessions service tells it of
/// rooms and clients as a ``RoomObserver``.
@ServiceLoop
final class ResultsService: TransportUser, RoomObserver, LifecycleService {
    let transport: any ClientTransport
    let engine: ResultsEngine
    let logger: Logger
    private let shutdown: Shutdown
    /// Recognition runs, one thread per core, at a lower priority than sockets and commits.
    private let recognitionPool: RecognitionPool
    /// Replays and exports.
    let blocking: BlockingPool
    /// Every open room's results, by session name.
    private var rooms: [String: RoomResults] = [:]
    /// The clients (by connection id) whose `recognition` messages carry the raw detections.
    private var watchers: Set<Int> = []
    /// Each client's replays and exports (by connection id), once it asked for one.
    var heavy: [Int: HeavyRequests] = [:]

    init(
        engine: ResultsEngine, transport: any ClientTransport, blocking: BlockingPool, shutdown: Shutdown,
        logger: Logger
    ) {
        self.engine = engine
        self.transport = transport
        self.blocking = blocking
        self.shutdown = shutdown
        self.logger = logger
        recognitionPool = RecognitionPool(niceness: transport.limits.recognitionNice)
    }

    // MARK: - Rooms and clients

    func opened(_ room: SessionRoom) {
        rooms[room.name] = RoomResults(
            room: room,
            scheduler: RecognitionScheduler(
                engine: engine, session: room.name, pool: recognitionPool, logger: logger))
        changed(room)
    }

    /// Starts recognition over the session's newest state (cancelling a stale run). A room's
    /// scheduler is cancelled when the room closes, so no outcome arrives for a closed room.
    func changed(_ room: SessionRoom) {
        guard shutdown.isRunning, let results = results(of: room) else { return }
        results.scheduler.changed(room.state, published: results.published, withDetections: detectionsWatched(in: room))
        {
            [weak self, weak results] outcome in
            guard let self, let results else { return }
            self.publish(outcome, in: results)
        }
    }

    func closed(_ room: SessionRoom) {
        guard let results = results(of: room) else { return }
        results.scheduler.cancel()
        rooms[room.name] = nil
    }

    /// Forgets the engine's cached work, off the service thread (before the heap trims that
    /// follow closes, which then hand it back to the system).
    func allRoomsClosed() {
        let engine = engine
        DispatchQueue.global(qos: .utility).async { engine.forgetCachedWork() }
    }

    /// After catch-up: the current recognition of every screen, then the full code once.
    func caughtUp(_ client: Client, in room: SessionRoom) {
        guard let results = results(of: room) else { return }
        sendCurrentRecognition(results, to: client)
        guard let code = results.published.encodedCode else { return }
        send(frame: OutgoingFrame(code, supersedes: .code), to: client)
    }

    /// Cancels every run at once (no result is published after shutdown began; ``changed(_:)``
    /// starts none).
    func shutDown() async {
        rooms.values.forEach { $0.scheduler.cancel() }
    }

    /// Forgets what it kept of a closed connection.
    func forget(_ connection: Connection) {
        watchers.remove(connection.id)
        heavy[connection.id] = nil
    }

    private func results(of room: SessionRoom) -> RoomResults? {
        guard let results = rooms[room.name], results.room === room else { return nil }
        return results
    }

    /// Whether a member of `room` watches the raw detections (so recognition encodes them).
    private func detectionsWatched(in room: SessionRoom) -> Bool {
        !watchers.isEmpty && room.members.contains { watchers.contains($0.id) }
    }

    func watches(_ client: Client) -> Bool { watchers.contains(client.id) }

    /// Broadcasts what changed: recognition of changed screens, then code or a code diff. The
    /// worker prepared it against the results it started from; only if something was published
    /// since (an older run finishing late) is it worked out again here.
    private func publish(_ outcome: RecognitionScheduler.Outcome, in results: RoomResults) {
        let room = results.room
        let update: PublishedResults.Update
        let comparedDetections: Bool
        if results.published.isUnchanged(since: outcome.base) {
            results.published = outcome.next
            update = outcome.update
            comparedDetections = outcome.withDetections
        } else {
            comparedDetections = detectionsWatched(in: room)
            update = results.published.take(
                seq: outcome.seq, messages: outcome.messages, files: outcome.files,
                withDetections: comparedDetections, diff: engine.hunks)
        }
        for (screen, index, encoded) in update.screens {
            broadcastRecognition(encoded, of: screen, at: index, in: results)
        }
        if !comparedDetections, detectionsWatched(in: room) { sendUncomparedDetections(besides: update, in: results) }
        if let code = update.code {
            // A peer still waiting for the last code or diff gets the full code of this version.
            let full = results.published.encodedCode
            broadcast(frame: OutgoingFrame(code, supersedes: .code), in: room) {
                full.map { OutgoingFrame($0, supersedes: .code) }
            }
        }
    }

    /// Sends each live member the form of a screen's recognition (the one at `index` of the
    /// published results) it watches, if that form changed: one frame per form, made once and
    /// shared by every member that gets it (the form with the detections is written here when
    /// the run left them out; ``sendUncomparedDetections(besides:in:)`` covers what that misses).
    private func broadcastRecognition(
        _ encoded: RecognitionEncoder.Encoded, of screen: String, at index: Int, in results: RoomResults
    ) {
        var frames: [Bool: OutgoingFrame] = [:]
        transport.broadcast(in: results.room) { member in
            let watches = self.watches(member)
            guard encoded.changed(withDetections: watches) else { return nil }
            if let made = frames[watches] { return made }
            let frame = OutgoingFrame(
                results.published.recognition(at: index, withDetections: watches),
                supersedes: .recognition(screen: screen))
            frames[watches] = frame
            return frame
        }
    }

    /// For a member that began watching while the run was under way: the run did not compare the
    /// detections, so a change to them alone would reach no watcher until the next change. Each
    /// watcher gets every screen's recognition with them that the update did not just send it.
    private func sendUncomparedDetections(besides update: PublishedResults.Update, in results: RoomResults) {
        let sent = Set(update.screens.filter { $0.encoded.changed(withDetections: true) }.map(\.index))
        for (index, message) in results.published.screens.enumerated() where !sent.contains(index) {
            let frame = OutgoingFrame(
                results.published.recognition(at: index, withDetections: true),
                supersedes: .recognition(screen: message.screen))
            transport.broadcast(in: results.room) { self.watches($0) ? frame : nil }
        }
    }

    /// The current recognition of every screen, in the form the client watches.
    private func sendCurrentRecognition(_ results: RoomResults, to client: Client) {
        let withDetections = watches(client)
        for (index, message) in results.published.screens.enumerated() {
            let bytes = results.published.recognition(at: index, withDetections: withDetections)
            send(frame: OutgoingFrame(bytes, supersedes: .recognition(screen: message.screen)), to: client)
        }
    }

    /// Answers `watchDetections`: from now on the connection's recognition messages carry the
    /// detections, or not. One that starts watching while live gets every screen's current
    /// recognition with them at once; before it is live, its catch-up ends with them.
    func watchDetections(_ on: Bool, from client: Client) {
        guard watches(client) != on else { return }
        if on { watchers.insert(client.id) } else { watchers.remove(client.id) }
        guard on, let membership = client.membership, membership.isLive, let results = results(of: membership.room)
        else { return }
        sendCurrentRecognition(results, to: client)
    }

    /// Answers `getCode` with the full current code.
    func sendCurrentCode(to client: Client) {
        guard let room = client.membership?.room, let code = results(of: room)?.published.encodedCode else {
            return send(WireError(.unavailable, "no code has been generated yet"), to: client)
        }
        send(bytes: code, to: client)
    }
}
