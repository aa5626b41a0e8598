import Dispatch
import Foundation
import PostgresStore
import ScratchServers
import StrokeLog
import Synchronization
import XCTest

/// The change notifications never make one session's commit wait for another's: PostgreSQL
/// locks the whole database from a `NOTIFY`'s commit to its transaction's end, which waits for
/// the synchronous standby, so an append must not notify inside its own transaction.
final class PostgresNotificationTests: XCTestCase {
    func testAnAppendWaitingForTheStandbyHoldsNoLockOnOtherWritersNotifications() throws {
        let pair = try ScratchPostgres.replicatedPair()
        defer { pair.stop() }
        let catalog = try PostgresSessionCatalog(url: pair.url, connections: 4)
        defer { catalog.close() }
        let log = try catalog.create("waiting")

        try pair.stopStandby()
        let appended = Mutex<Result<SessionLog.Result, any Error>?>(nil)
        let returned = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let waiting = log
        DispatchQueue.global().async {
            let outcome = Result {
                try waiting.append(
                    PendingEvent(
                        author: "ana", clientOpID: "ana:1",
                        payload: .strokeAdded(Stroke(id: "s1", points: [StrokePoint(x: 1, y: 1, t: 0)]))))
            }
            appended.withLock { $0 = outcome }
            returned.signal()
        }
        let deadline = Date().addingTimeInterval(60)
        // The database has no event to wait on: ask it again every 20 ms until the deadline.
        while pair.commitsWaitingForStandby() < 1 {
            guard Date() < deadline else { return XCTFail("the append's commit never waited for the standby") }
            usleep(20_000)
        }

        // Another node's notification, while the append waits: it needs the database's notify
        // lock, which an append that notified would hold until the standby came back.
        let other = ScratchPostgres.psql(
            pair.url,
            "SET lock_timeout = '30s'; SET synchronous_commit = off; SELECT pg_notify('sketchd_sessions', 'other node')"
        )
        XCTAssertEqual(other.status, 0, "a notification waited for another session's commit: \(other.output)")
        XCTAssertNil(appended.withLock { $0 }, "the append returned without the standby")

        try pair.startStandby()
        guard returned.wait(timeout: .now() + 60) == .success else { return XCTFail("the append never returned") }
        guard case .stored(let record, _) = try XCTUnwrap(appended.withLock { $0 }).get() else {
            return XCTFail("the append was not stored")
        }
        XCTAssertEqual(record.seq, 1)
        XCTAssertEqual(try catalog.open("waiting").store.events(after: 0).map(\.clientOpID), ["ana:1"])
    }
}
