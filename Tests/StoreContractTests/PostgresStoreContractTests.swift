import Foundation
import PostgresStore
import ScratchServers
import StrokeLog
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
        return StoreContract { [unowned self] in
            let catalog = try PostgresSessionCatalog(url: url, connections: 4)
            catalogs.append(catalog)
            return catalog
        }
    }

    func testSessionsAreCreatedOpenedAndListedByName() throws { try contract().sessionsAreCreatedOpenedAndListedByName() }
    func testAppendsAreNumberedInOrderAndReadBack() throws { try contract().appendsAreNumberedInOrderAndReadBack() }
    func testARetryIsAnsweredWithItsFirstRecordAndAReusedIDIsRefused() throws { try contract().aRetryIsAnsweredWithItsFirstRecordAndAReusedIDIsRefused() }
    func testARejectedOperationWritesNothingAndAnAtomicBatchAllOrNothing() throws { try contract().aRejectedOperationWritesNothingAndAnAtomicBatchAllOrNothing() }
    func testAnotherWritersAppendsAreFoldedInBeforeTheNextAppend() throws { try contract().anotherWritersAppendsAreFoldedInBeforeTheNextAppend() }
    func testMetadataIsKeptAndItsChangeIsSeenElsewhere() throws { try contract().metadataIsKeptAndItsChangeIsSeenElsewhere() }
    func testCheckpointsSaveWorkAndNeverChangeTheState() throws { try contract().checkpointsSaveWorkAndNeverChangeTheState() }
    func testAReaderNeverWrites() throws { try contract().aReaderNeverWrites() }

    func testEventsCannotBeChangedOrDeletedEvenByTheirOwner() throws {
        let contract = try contract()
        let log = try contract.makeCatalog().create("frozen")
        _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: .strokeAdded(Stroke(id: "s1", points: [StrokePoint(x: 1, y: 1, t: 0)]))))
        for sql in ["UPDATE events SET author = 'mallory'", "DELETE FROM events", "TRUNCATE events CASCADE",
                    "INSERT INTO events VALUES ('frozen', 7, 'a', 'b', 'undo', '\\x01', 0)"] {
            let (status, output) = ScratchPostgres.psql(url, sql)
            XCTAssertNotEqual(status, 0, "\(sql) was allowed: \(output)")
        }
        XCTAssertEqual(try contract.makeCatalog().open("frozen").store.events(after: 0).map(\.author), ["ana"])
    }

    func testABadAddressOrAnUnreachableServerIsATypedError() throws {
        XCTAssertThrowsError(try PostgresSessionCatalog(url: "postgres://host-without-database")) { error in
            XCTAssertTrue(error is PostgresAddressError, "\(error)")
        }
        XCTAssertThrowsError(try PostgresSessionCatalog(url: "postgres://sketchd:secret@127.0.0.1:1/sketchd")) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "storage_unavailable", "\(error)")
            XCTAssertFalse("\(error)".contains("secret"), "no password in messages: \(error)")
        }
    }
}
