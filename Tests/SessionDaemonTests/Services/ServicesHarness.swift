import Foundation
import Logging
import PostgresStore
import SessionProtocol
import StrokeLog
import XCTest

@testable import SessionDaemon

/// The daemon's services (``DaemonServices``) behind an ``InMemoryTransport``, over SQLite files
/// in a temporary directory and the shipped recognizer, with the test's thread playing the lws
/// service thread: it runs ``ServiceLoop``'s jobs whenever the writer, the blocking pool or the
/// recognition pool hands work back. No sockets and no process: a join, an op and its ack take
/// milliseconds. Used only on the test's thread, which is the service thread (hence unchecked).
final class ServicesHarness: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case timeout(String)
        case closed(Int)

        var description: String {
            switch self {
            case .timeout(let what): "timed out waiting for \(what)"
            case .closed(let code): "the connection closed with \(code)"
            }
        }
    }

    /// Loaded once for all tests: the shipped models load and warm up in about a second.
    nonisolated(unsafe) private static var sharedEngine: ResultsEngine?

    let directory: URL
    private let waker = SemaphoreWaker()
    private let transport: InMemoryTransport
    private let services: DaemonServices
    private var peers: [TestPeer] = []

    /// - Parameter arguments: `sketchd` options, such as `["--max-queue", "8"]`.
    init(arguments: [String] = []) throws {
        ServiceLoop.executor.adoptCurrentThread()
        ServiceLoop.executor.wake(through: waker)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let options = try DaemonOptions(arguments: ["--data-dir", directory.path] + arguments)
        let catalog = try SessionStores.catalog(at: directory.path)
        if Self.sharedEngine == nil { Self.sharedEngine = try ResultsEngineLoader.load() }
        let engine = Self.sharedEngine!
        (transport, services) = ServiceLoop.assumeIsolated {
            let budgets = Budgets(limits: options.limits)
            let transport = InMemoryTransport(limits: options.limits, budgets: budgets)
            let services = DaemonServices(
                options: options, catalog: catalog, engine: engine, transport: transport,
                budgets: budgets, shutdown: Shutdown(), logger: Logger(label: "services-test"))
            return (transport, services)
        }
    }

    /// Shuts the services down (every room's writer commits and closes its files), then removes
    /// the files.
    func tearDown() throws {
        shutDown()
        try pump(until: Date().addingTimeInterval(30), "the rooms to close") {
            ServiceLoop.assumeIsolated { services.shutdown.phase != .draining }
        }
        ServiceLoop.executor.wake(through: nil)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Begins the daemon's shutdown, as SIGTERM does (once).
    func shutDown() {
        ServiceLoop.assumeIsolated {
            if services.shutdown.isRunning { services.beginShutdown() }
        }
    }

    // MARK: - Peers

    /// A new connection (to `/ws`, or `/ws/<session>` with `session`) that said `hello` and got
    /// `welcome`.
    func connect(_ clientId: String, secret: String? = nil, session: String? = nil, address: String = "127.0.0.1")
        throws -> TestPeer
    {
        let id = ServiceLoop.assumeIsolated {
            transport.connect(path: session.map { "/ws/\($0)" } ?? "/ws", address: address).id
        }
        let peer = TestPeer(clientId: clientId, connectionID: id, secret: secret)
        peers.append(peer)
        send(
            .hello(
                .init(
                    protocolVersion: ProtocolVersion.current, clientId: clientId, color: "#1f6feb", secret: peer.secret)
            ),
            from: peer)
        try waitFor(peer, \.welcome)
        return peer
    }

    func send(_ message: ClientMessage, from peer: TestPeer) {
        send(bytes: JSONWire.encode(message), from: peer)
    }

    /// Sends a message given as a JSON object (an op with ``SketchdClient``'s event helpers).
    func send(json: [String: Any], from peer: TestPeer) throws {
        send(bytes: Array(try JSONSerialization.data(withJSONObject: json)), from: peer)
    }

    func send(bytes: [UInt8], from peer: TestPeer) {
        ServiceLoop.assumeIsolated {
            if let connection = transport.connection(withID: peer.connectionID) {
                transport.deliver(bytes, from: connection)
            }
        }
    }

    /// The peer goes away without a close frame.
    func hangUp(_ peer: TestPeer) {
        ServiceLoop.assumeIsolated {
            if let connection = transport.connection(withID: peer.connectionID) { transport.hangUp(connection) }
        }
    }

    /// Whether the services paused reading the peer (over its op rate).
    func isPaused(_ peer: TestPeer) -> Bool {
        ServiceLoop.assumeIsolated { transport.pausedUntil[peer.connectionID] != nil }
    }

    // MARK: - Conversations

    /// `createSession` and its answer.
    func createSession(by peer: TestPeer, title: String? = nil) throws -> SessionCreatedMessage {
        send(.createSession(title: title, session: nil), from: peer)
        return try waitFor(peer, \.sessionCreated)
    }

    /// `join` until `caughtUp`; returns both answers.
    @discardableResult
    func join(_ peer: TestPeer, _ session: String, token: String, lastSeq: Int64? = nil) throws -> (
        JoinedMessage, CaughtUpMessage
    ) {
        send(.join(.init(session: session, token: token, lastSeq: lastSeq)), from: peer)
        let joined = try waitFor(peer, \.joined)
        return (joined, try waitFor(peer, \.caughtUp))
    }

    /// Sends an op (an event object) and waits for its ack or error.
    @discardableResult
    func op(_ peer: TestPeer, _ clientOpId: String, _ event: [String: Any]) throws -> ServerMessage {
        try send(json: ["type": "op", "clientOpId": clientOpId, "event": event], from: peer)
        return try waitFor(peer, { $0.clientOpId == clientOpId ? $0 : nil })
    }

    /// Reads the peer's messages until one of the kind `kind` picks matches `predicate`; the
    /// messages before it are read too (they stay in ``TestPeer/received``).
    @discardableResult
    func waitFor<Message>(
        _ peer: TestPeer, _ kind: (ServerMessage) -> Message?, timeout: Double = 20,
        where predicate: (Message) -> Bool = { _ in true },
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Message {
        var found: Message?
        try pump(until: Date().addingTimeInterval(timeout), "a message \(Message.self) for \(peer.clientId)") {
            while found == nil, let message = peer.nextUnread() {
                if let wanted = kind(message), predicate(wanted) { found = wanted }
            }
            if found == nil, let code = peer.closeCode { throw Failure.closed(code) }
            return found != nil
        }
        return found!
    }

    /// Reads until the peer's connection closes; returns its close code.
    func waitForClose(_ peer: TestPeer, timeout: Double = 20) throws -> Int {
        try pump(until: Date().addingTimeInterval(timeout), "\(peer.clientId)'s connection to close") {
            while peer.nextUnread() != nil {}
            return peer.closeCode != nil
        }
        return peer.closeCode!
    }

    /// Runs the service loop's jobs, ticks the services and lets every peer read, until `done`;
    /// between turns it waits for a wake (the writer, a pool) or the next tick.
    func pump(until deadline: Date, _ what: String, _ done: () throws -> Bool) throws {
        while true {
            ServiceLoop.executor.runJobs()
            ServiceLoop.assumeIsolated {
                _ = services.ticked()
                for peer in peers where peer.closeCode == nil {
                    guard let connection = transport.connection(withID: peer.connectionID) else { continue }
                    let (frames, closedWith) = transport.read(connection)
                    peer.receive(frames)
                    if let closedWith { peer.closeCode = closedWith }
                }
            }
            if try done() { return }
            guard Date() < deadline else { throw Failure.timeout(what) }
            _ = waker.semaphore.wait(timeout: .now() + .milliseconds(20))
        }
    }
}

/// One client of the services: its identity, what it received, and the state it folded from
/// `events`, as a browser keeps them. Used only on the test's thread, the service thread.
final class TestPeer: @unchecked Sendable {
    let clientId: String
    /// What proves `clientId` (base64url, 128 random bits and more).
    let secret: String
    let connectionID: Int
    /// Every message received, in order.
    private(set) var received: [ServerMessage] = []
    private var unread = 0
    /// The state folded from the `events` received.
    private(set) var state = SessionState()
    /// Set when the connection closed, with its code.
    var closeCode: Int?

    init(clientId: String, connectionID: Int, secret: String?) {
        self.clientId = clientId
        self.secret = secret ?? "k" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        self.connectionID = connectionID
    }

    fileprivate func receive(_ frames: [[UInt8]]) {
        for frame in frames {
            let message: ServerMessage
            do {
                message = try ServerMessage.decode(frame)
            } catch {
                XCTFail("an undecodable frame: \(String(decoding: frame, as: UTF8.self).prefix(200))")
                continue
            }
            if let events = message.events {
                for record in events.records where record.seq == state.lastSeq + 1 { _ = state.apply(record) }
            }
            received.append(message)
        }
    }

    fileprivate func nextUnread() -> ServerMessage? {
        guard unread < received.count else { return nil }
        defer { unread += 1 }
        return received[unread]
    }
}
