import Foundation
import SessionProtocol
import StrokeLog
import Synchronization
import WebSocketClient
import XCTest

/// Issue 22: catch-up ends in bounded time however fast others commit (a rejoin once got
/// `joined` and no `caughtUp` within 60 s while writers kept committing).
final class CatchUpUnderLoadTests: XCTestCase {
    func testCatchUpEndsWhileAnotherClientKeepsCommitting() throws {
        let daemon = try DaemonProcess(extraArguments: ["--ops-per-second", "1000000", "--op-burst", "1000000"])
        let session = try daemon.newSession()
        let writer = try daemon.client("w")
        try writer.join(session: session.session, token: session.edit)
        let history = 3_000
        for index in 0..<history { try writer.sendOp("w:\(index)", SketchdClient.stroke(id: "w:s\(index)", count: 16)) }
        try writer.waitForSeq(Int64(history), timeout: 120)
        writer.close()

        // A second writer commits back to back, each op as soon as the last was acked, until the
        // joiner has caught up (or the wait below has given up).
        let stop = Atomic<Bool>(false)
        let committed = Atomic<Int>(0)
        let committerDone = DispatchGroup()  // waited on twice (here and in the defer): not a semaphore
        committerDone.enter()
        let committer = try daemon.client("c")
        try committer.join(session: session.session, token: session.edit)
        DispatchQueue.global().async {
            defer { committerDone.leave() }
            var index = 0
            while !stop.load(ordering: .relaxed) {
                guard
                    (try? committer.op("c:\(index)", SketchdClient.stroke(id: "c:s\(index)", count: 4), timeout: 30))?
                        .ack != nil
                else { return }
                index += 1
                committed.store(index, ordering: .relaxed)
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            committerDone.wait()
        }
        let deadline = Date().addingTimeInterval(60)
        while committed.load(ordering: .relaxed) < 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let beforeJoin = committed.load(ordering: .relaxed)
        XCTAssertGreaterThanOrEqual(beforeJoin, 20, "the committer never got going")

        let joiner = try daemon.client("j")
        try joiner.send(.join(.init(session: session.session, token: session.view, lastSeq: 0)))
        try joiner.waitFor(\.joined)
        let caughtUp = try joiner.waitFor(\.caughtUp, timeout: 60)
        XCTAssertEqual(joiner.lastSeq, caughtUp.seq, "every event up to caughtUp came before it")
        XCTAssertEqual(joiner.state.stateHash, caughtUp.stateHash)
        XCTAssertGreaterThan(committed.load(ordering: .relaxed), beforeJoin, "commits went on during the catch-up")
        stop.store(true, ordering: .relaxed)
        committerDone.wait()

        // What was committed after caughtUp follows it, in order and without a gap.
        let head = Int64(history + committed.load(ordering: .relaxed))
        try joiner.waitForSeq(head, timeout: 60)
        XCTAssertEqual(joiner.outOfOrderRecords, 0)
        XCTAssertEqual(joiner.state.stateHash, try daemon.foldFromDisk(session.session).stateHash)
    }
}
