import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Issue 12, defect 3, as the attacks: one edit token on ten connections, under one id or ten,
/// cannot store more than the per-identity and per-address budgets allow; `createSession` is
/// budgeted per address; token guessing is slowed down exponentially. A client from another
/// address (127.0.0.2) is not affected.
///
/// The bounds allow the burst plus the sustained rate over the time the flood actually took,
/// so a slow machine only makes them looser.
final class BudgetTests: XCTestCase {
    private var daemon: DaemonProcess!
    private var session: (session: String, edit: String, view: String)!

    override func setUpWithError() throws {
        daemon = try DaemonProcess(extraArguments: [
            "--ops-per-second", "5", "--op-burst", "10", "--creates-per-second", "1",
        ])
        session = try daemon.newSession()
    }

    override func tearDown() {
        daemon?.stop(signal: SIGKILL)
        daemon = nil
        super.tearDown()
    }

    /// Sends `perClient` ops from each client at once, then reads every reply; returns the acks,
    /// the refusals and the seconds from the first send to the last reply.
    private func flood(_ clients: [SketchdClient], perClient: Int) throws -> (
        acked: Int, refused: [ErrorMessage], seconds: Double
    ) {
        let started = Date()
        for (index, client) in clients.enumerated() {
            for number in 0..<perClient {
                try client.sendOp(
                    "\(client.clientId):c\(index).\(number)",
                    SketchdClient.stroke(id: "\(client.clientId):c\(index).s\(number)"))
            }
        }
        var acked = 0
        var refused: [ErrorMessage] = []
        for client in clients {
            var replies = 0
            while replies < perClient {
                let message = try XCTUnwrap(try client.next(timeout: 30), "every op is answered")
                switch message {
                case .ack:
                    acked += 1
                    replies += 1
                case .error(let error) where error.clientOpId != nil:
                    refused.append(error)
                    replies += 1
                default: continue
                }
            }
        }
        return (acked, refused, Date().timeIntervalSince(started))
    }

    /// A connection refused for its op rate is not read until its budget has a token again: an
    /// op sent in the same instant as the refused one waits in the socket and is then stored,
    /// instead of costing a decode and a refusal of its own (a flood of those took the CPU a
    /// calm client's acks need).
    func testAnOpSentRightAfterARefusedOneWaitsInsteadOfBeingRefused() throws {
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        for number in 0..<12 {  // burst 10: the eleventh is refused, the twelfth was sent with it
            try ana.sendOp("ana:b\(number)", SketchdClient.stroke(id: "ana:sb\(number)"))
        }
        var replies: [String: String] = [:]
        while replies.count < 12 {
            let message = try XCTUnwrap(try ana.next(timeout: 30), "every op is answered")
            guard let id = message.clientOpId else { continue }
            replies[id] = message.error?.code.rawValue ?? message.type
        }
        XCTAssertEqual(replies["ana:b10"], "rate_limited")
        XCTAssertEqual(replies["ana:b11"], "ack", "read only once a token was back: \(replies)")
    }

    private func assertWellBehavedClientFromAnotherAddressIsServed(file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let calm = try SketchdClient(port: daemon.port, clientId: "calm", source: "127.0.0.2")
        _ = try calm.awaitWelcome()
        try calm.join(session: session.session, token: session.edit)
        for number in 1...5 {
            let reply = try calm.op("calm:\(number)", SketchdClient.stroke(id: "calm:s\(number)"))
            XCTAssertEqual(reply.type, "ack", "\(reply)", file: file, line: line)
        }
    }

    func testOneIdentityOnTenConnectionsGetsOneIdentitysOps() throws {
        let first = try daemon.client("flood")
        try first.join(session: session.session, token: session.edit)
        var clients = [first]
        for _ in 1..<10 {
            let more = try daemon.client("flood", secret: first.secret)
            try more.join(session: session.session, token: session.edit)
            clients.append(more)
        }
        let result = try flood(clients, perClient: 30)
        XCTAssertLessThanOrEqual(
            Double(result.acked), 10 + 5 * result.seconds + 1,
            "burst 10 + 5/s over \(result.seconds) s, for all ten connections together")
        XCTAssertEqual(result.acked + result.refused.count, 300)
        XCTAssertTrue(
            result.refused.allSatisfy { $0.code == .rateLimited && ($0.retryAfterMs ?? 0) > 0 },
            "\(result.refused.prefix(2))")
        try assertWellBehavedClientFromAnotherAddressIsServed()
    }

    func testTenIdentitiesFromOneAddressShareTheAddressBudget() throws {
        var clients: [SketchdClient] = []
        for index in 0..<10 {
            let client = try daemon.client("sock\(index)")
            try client.join(session: session.session, token: session.edit)
            clients.append(client)
        }
        let result = try flood(clients, perClient: 30)
        XCTAssertLessThanOrEqual(
            Double(result.acked), 20 + 10 * result.seconds + 1, "twice one identity's budget, over \(result.seconds) s")
        XCTAssertTrue(result.refused.allSatisfy { $0.code == .rateLimited })
        try assertWellBehavedClientFromAnotherAddressIsServed()
    }

    func testCreateSessionIsBudgetedPerAddress() throws {
        let maker = try daemon.client("maker")
        let started = Date()
        for _ in 0..<40 { try maker.send(["type": "createSession"]) }
        var created = 0
        var limited: [ErrorMessage] = []
        while created + limited.count < 40 {
            let message = try XCTUnwrap(try maker.next(timeout: 30))
            if message.sessionCreated != nil { created += 1 }
            if let error = message.error { limited.append(error) }
        }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThanOrEqual(Double(created), 20 + 1 * seconds + 1, "burst 20 + 1/s over \(seconds) s")
        XCTAssertFalse(limited.isEmpty)
        XCTAssertTrue(
            limited.allSatisfy { $0.code == .rateLimited && ($0.retryAfterMs ?? 0) > 0 }, "\(limited.prefix(2))")
    }

    func testTokenGuessingBacksOffExponentially() throws {
        let guesser = try daemon.client("guesser")
        func guess() throws -> ErrorMessage {
            try guesser.send([
                "type": "join", "session": session.session, "token": SketchdClient.randomSecret(), "lastSeq": 0,
            ])
            return try guesser.waitFor(\.error)
        }
        var wrongBeforeBackOff = 0
        var reply = try guess()
        while reply.code == .badToken {
            wrongBeforeBackOff += 1
            XCTAssertLessThan(wrongBeforeBackOff, 50, "guessing is never slowed")
            reply = try guess()
        }
        XCTAssertEqual(wrongBeforeBackOff, 9, "8 free wrong tokens; the 9th starts the back-off")
        XCTAssertEqual(reply.code, .rateLimited, "\(reply)")
        var waits: [Int] = []
        for _ in 0..<3 {
            let wait = try XCTUnwrap(reply.retryAfterMs)
            waits.append(wait)
            // Do as the server says: wait out the back-off, then guess wrong once more.
            Thread.sleep(forTimeInterval: Double(wait) / 1000 + 0.05)
            XCTAssertEqual(try guess().code, .badToken)
            reply = try guess()
            XCTAssertEqual(reply.code, .rateLimited, "\(reply)")
        }
        XCTAssertGreaterThan(
            Double(try XCTUnwrap(reply.retryAfterMs)), 1.5 * Double(waits[0]),
            "each wrong token doubles the wait: \(waits)")
        XCTAssertTrue(zip(waits, waits.dropFirst()).allSatisfy { $1 > $0 }, "growing: \(waits)")

        let other = try SketchdClient(port: daemon.port, clientId: "elsewhere", source: "127.0.0.2")
        _ = try other.awaitWelcome()
        let (joined, _) = try other.join(session: session.session, token: session.edit)
        XCTAssertEqual(joined.role, .edit, "another address is not held back")
    }
}
