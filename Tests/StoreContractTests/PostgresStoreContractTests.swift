import Foundation
import PostgresStore
import ScratchServers
import StrokeLog
import Synchronization
import XCTest

/// The store contract against PostgreSQL (a scratch server: ``ScratchPostgres``), plus what the
/// database itself guarantees there: events are append-only even for their owner.
final class PostgresStoreContractTests: XCTestCase {
    private var catalogs: [PostgresSessionCatalog] = []
    private var url = ""

    override func tearDown() {
        for catalog in catalogs { catalog.close() }
        catalogs = []
        super.tearDown()
    }

    private func contract() throws -> StoreContract {
        url = try ScratchPostgres.freshDatabase()
        let url = url
        let catalog = { [unowned self] (url: String) -> any SessionCatalog in
            let catalog = try PostgresSessionCatalog(url: url, connections: 4)
            catalogs.append(catalog)
            return catalog
        }
        return StoreContract(
            makeCatalog: { try catalog(url) }, makeEmptyCatalog: { try catalog(try ScratchPostgres.freshDatabase()) })
    }

    func testSessionsAreCreatedOpenedAndListedByName() throws {
        try contract().sessionsAreCreatedOpenedAndListedByName()
    }
    func testAppendsAreNumberedInOrderAndReadBack() throws { try contract().appendsAreNumberedInOrderAndReadBack() }
    func testARetryIsAnsweredWithItsFirstRecordAndAReusedIDIsRefused() throws {
        try contract().aRetryIsAnsweredWithItsFirstRecordAndAReusedIDIsRefused()
    }
    func testRetriesAmongNewOpsAreAnsweredAsTheyWereStored() throws {
        try contract().retriesAmongNewOpsAreAnsweredAsTheyWereStored()
    }
    func testARejectedOperationWritesNothingAndAnAtomicBatchAllOrNothing() throws {
        try contract().aRejectedOperationWritesNothingAndAnAtomicBatchAllOrNothing()
    }
    func testAnotherWritersAppendsAreFoldedInBeforeTheNextAppend() throws {
        try contract().anotherWritersAppendsAreFoldedInBeforeTheNextAppend()
    }
    func testMetadataIsKeptAndItsChangeIsSeenElsewhere() throws {
        try contract().metadataIsKeptAndItsChangeIsSeenElsewhere()
    }
    func testCheckpointsSaveWorkAndNeverChangeTheState() throws {
        try contract().checkpointsSaveWorkAndNeverChangeTheState()
    }
    func testAReaderNeverWrites() throws { try contract().aReaderNeverWrites() }
    func testABackupRestoresEveryEventTokenAndSecretAsTheyWere() throws {
        try contract().aBackupRestoresEveryEventTokenAndSecretAsTheyWere()
    }

    func testEventsCannotBeChangedOrDeletedEvenByTheirOwner() throws {
        let contract = try contract()
        let log = try contract.makeCatalog().create("frozen")
        _ = try log.append(
            PendingEvent(
                author: "ana", clientOpID: "ana:1",
                payload: .strokeAdded(Stroke(id: "s1", points: [StrokePoint(x: 1, y: 1, t: 0)]))))
        for sql in [
            "UPDATE events SET author = 'mallory'", "DELETE FROM events", "TRUNCATE events CASCADE",
            "INSERT INTO events VALUES ('frozen', 7, 'a', 'b', 'undo', '\\x01', 0)",
        ] {
            let (status, output) = ScratchPostgres.psql(url, sql)
            XCTAssertNotEqual(status, 0, "\(sql) was allowed: \(output)")
        }
        XCTAssertEqual(try contract.makeCatalog().open("frozen").store.events(after: 0).map(\.author), ["ana"])
    }

    func testAnotherCatalogsCommitsAreHeardAndOwnOnesAreNot() throws {
        let contract = try contract()
        let listening = try XCTUnwrap(try contract.makeCatalog() as? PostgresSessionCatalog)
        let heard = Mutex<[String?]>([])
        let listener = listening.listenForChanges { name in heard.withLock { $0.append(name) } }
        defer { listener.stop() }
        let own = try listening.create("own")
        let other = try contract.makeCatalog().create("other")
        let deadline = Date().addingTimeInterval(30)
        var n = 0
        // The listener connects in the background: write until it hears one.
        while heard.withLock({ $0.isEmpty }) {
            guard Date() < deadline else { return XCTFail("no notification heard") }
            n += 1
            _ = try own.append(
                PendingEvent(
                    author: "ana", clientOpID: "ana:\(n)",
                    payload: .strokeAdded(Stroke(id: "a\(n)", points: [StrokePoint(x: 1, y: 1, t: 0)]))))
            _ = try other.append(
                PendingEvent(
                    author: "ben", clientOpID: "ben:\(n)",
                    payload: .strokeAdded(Stroke(id: "b\(n)", points: [StrokePoint(x: 1, y: 1, t: 0)]))))
            usleep(20_000)
        }
        try other.store.setMeta("k", "v")
        while !heard.withLock({ $0.count >= 2 }) {
            guard Date() < deadline else { return XCTFail("the metadata write was not heard") }
            usleep(20_000)
        }
        XCTAssertEqual(Set(heard.withLock { $0 }), ["other"], "only the other catalog's writes are reported")
    }

    /// An append with no retry in it, to a head no other node moved, is one call of
    /// `sketchd_append` (one round trip), not a transaction of five or more statements.
    func testTheCommonAppendIsOneCallOfTheAppendFunction() throws {
        url = try ScratchPostgres.freshDatabase()
        let database = try XCTUnwrap(URL(string: url)?.lastPathComponent)
        let tracked = ScratchPostgres.psql(url, "ALTER DATABASE \"\(database)\" SET track_functions = 'pl'")
        XCTAssertEqual(tracked.status, 0, tracked.output)
        let catalog = try PostgresSessionCatalog(url: url, connections: 4)
        catalogs.append(catalog)
        let log = try catalog.create("quick")
        for n in 1...12 {
            let stroke = Stroke(
                id: "s\(n)", points: [StrokePoint(x: Double(n), y: 1, t: 0), StrokePoint(x: Double(n), y: 9, t: 16)])
            _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:\(n)", payload: .strokeAdded(stroke)))
        }
        XCTAssertEqual(log.store.lastSeq, 12)
        // Each backend reports its function calls when it goes idle, within about ten seconds.
        let deadline = Date().addingTimeInterval(60)
        var calls = 0
        while calls < 12 {
            guard Date() < deadline else { return XCTFail("sketchd_append was called \(calls) times for 12 appends") }
            let answer = ScratchPostgres.psql(
                url, "SELECT COALESCE(sum(calls), 0) FROM pg_stat_user_functions WHERE funcname = 'sketchd_append'",
                tuplesOnly: true)
            calls = Int(answer.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            if calls < 12 { usleep(200_000) }
        }
        XCTAssertEqual(calls, 12, "one call per append")
    }

    func testABadAddressOrAnUnreachableServerIsATypedError() throws {
        XCTAssertThrowsError(try PostgresSessionCatalog(url: "postgres://host-without-database")) { error in
            XCTAssertTrue(error is PostgresAddressError, "\(error)")
        }
        XCTAssertThrowsError(try PostgresSessionCatalog(url: "postgres://sketchd:secret@127.0.0.1:1/sketchd")) {
            error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "storage_unavailable", "\(error)")
            XCTAssertFalse("\(error)".contains("secret"), "no password in messages: \(error)")
        }
    }
}
