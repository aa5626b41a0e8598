import Foundation
import StrokeLog
import XCTest

/// The store contract against the default backend: one SQLite file per session in a directory.
final class SQLiteStoreContractTests: XCTestCase {
    private func contract() throws -> StoreContract {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sketchd-contract-\(UUID().uuidString)"
        ).path
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: root + "-other")
        }
        return StoreContract(
            makeCatalog: { SessionDirectory(root: root) }, makeEmptyCatalog: { SessionDirectory(root: root + "-other") }
        )
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
}
