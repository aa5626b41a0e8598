import Foundation
import XCTest

@testable import StrokeLog

final class EventStoreTests: XCTestCase {
    private func stroke(_ id: String, x: Double = 10) -> EventPayload {
        .strokeAdded(Stroke(id: id, points: [StrokePoint(x: x, y: 20, t: 0), StrokePoint(x: x + 5, y: 25, t: 16)]))
    }

    func testARetriedOperationIsStoredOnceAndAnswersWithItsOriginalSeq() throws {
        let dir = try TemporaryDirectory()
        let log = try SessionDirectory(root: dir.path).create("retry")
        let op = PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("s1"))
        guard case .stored(let first, _) = try log.append(op) else { return XCTFail("first append not stored") }
        for _ in 0..<2 {
            guard case .duplicate(let again) = try log.append(op) else { return XCTFail("retry stored twice") }
            XCTAssertEqual(again.seq, first.seq)
        }
        XCTAssertEqual(try log.store.summary().count, 1)
        XCTAssertEqual(log.state.liveStrokes.count, 1)
    }

    func testReusingAnOperationIDForAnotherOperationIsRefused() throws {
        let dir = try TemporaryDirectory()
        let log = try SessionDirectory(root: dir.path).create("conflict")
        _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("s1")))
        XCTAssertThrowsError(try log.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("s2")))) {
            error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "conflicting_retry")
        }
        XCTAssertEqual(try log.store.summary().count, 1)
    }

    func testUpdateAndDeleteAreRefusedBySQLite() throws {
        let dir = try TemporaryDirectory()
        let log = try SessionDirectory(root: dir.path).create("frozen")
        _ = try log.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("s1")))
        for sql in [
            "UPDATE events SET author = 'mallory'", "DELETE FROM events",
            "INSERT INTO events VALUES (7, 'a', 'b', 'undo', x'0102', 0)",
        ] {
            XCTAssertThrowsError(try log.file.executeForTesting(sql), sql)
        }
        let reopened = try SessionDirectory(root: dir.path).open("frozen")
        XCTAssertEqual(reopened.state.stateHash, log.state.stateHash)
        XCTAssertEqual(try reopened.store.events(after: 0).map(\.author), ["ana"])
    }

    func testReopeningFoldsToTheSameState() throws {
        let dir = try TemporaryDirectory()
        let directory = SessionDirectory(root: dir.path)
        let log = try directory.create("replay")
        var ops = RandomOperations(seed: 42)
        for _ in 0..<400 { _ = try log.append(ops.next(for: log.state)) }
        let reopened = try directory.open("replay")
        XCTAssertEqual(reopened.state.stateHash, log.state.stateHash)
        XCTAssertEqual(reopened.state, log.state)
        XCTAssertEqual(
            try reopened.state(at: 200).stateHash,
            SessionState.fold(try log.store.events(after: 0, limit: 200)).stateHash)
    }

    func testInvalidOperationsAreRejectedWithTypedErrorsAndNothingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let log = try SessionDirectory(root: dir.path).create("bad")
        let nan = EventPayload.strokeAdded(Stroke(id: "s1", points: [StrokePoint(x: .nan, y: 1)]))
        let tooMany = EventPayload.strokeAdded(
            Stroke(id: "s2", points: Array(repeating: StrokePoint(x: 1, y: 1), count: Stroke.maxPoints + 1)))
        let cases: [(EventPayload, String)] = [
            (nan, "invalid_number"), (tooMany, "too_many_points"),
            (.strokesErased(strokeIDs: ["nope"]), "invalid_event"),
            (.labelCorrected(strokeIDs: ["bad id!"], label: "button"), "invalid_identifier"),
        ]
        for (index, (payload, code)) in cases.enumerated() {
            let result = try log.append(PendingEvent(author: "ana", clientOpID: "op\(index)", payload: payload))
            guard case .rejected(let error) = result else { return XCTFail("\(payload.kind) was accepted") }
            XCTAssertEqual(error.code, code)
        }
        XCTAssertEqual(try log.store.summary().count, 0)
    }

    func testAForeignFileIsRefusedAndLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let directory = SessionDirectory(root: dir.path)
        let path = directory.path(of: "foreign")
        let junk = Data("this is not a database, but somebody's notes\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: junk)
        XCTAssertThrowsError(try directory.open("foreign")) {
            XCTAssertEqual(($0 as? StrokeLogError)?.code, "corrupt_store")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), junk)
    }

    func testSomeoneElsesSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let directory = SessionDirectory(root: dir.path)
        let path = directory.path(of: "other")
        do {
            let other = try SQLiteConnection(path: path, create: true)
            try other.execute("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('keep me')")
        }
        let before = FileManager.default.contents(atPath: path)
        XCTAssertThrowsError(try directory.open("other")) {
            XCTAssertEqual(($0 as? StrokeLogError)?.code, "corrupt_store")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), before)
    }

    func testPayloadsRoundTripThroughTheBinaryForm() throws {
        var ops = RandomOperations(seed: 3)
        var state = SessionState()
        for seq in 1...Int64(300) {
            let event = ops.next(for: state)
            let canonical = try event.payload.validated()
            XCTAssertEqual(try EventPayload(binary: canonical.binaryEncoded()), canonical)
            state.apply(
                EventRecord(
                    seq: seq, author: event.author, clientOpID: event.clientOpID, serverTime: 0, payload: canonical))
        }
        let pressured = try EventPayload.strokeAdded(
            Stroke(id: "p", points: [StrokePoint(x: 1.3, y: -2.71, t: 5.4, pressure: 0.337)])
        ).validated()
        XCTAssertEqual(try EventPayload(binary: pressured.binaryEncoded()), pressured)
        let meta = try EventPayload.metadataSet(
            MetadataChange(title: "Ünïcode ✏️", trainingConsent: true, theme: .standard)
        ).validated()
        XCTAssertEqual(try EventPayload(binary: meta.binaryEncoded()), meta)
    }

    func testTruncatedBinaryPayloadsThrowInsteadOfCrashing() throws {
        let bytes = try EventPayload.strokeAdded(
            Stroke(id: "s", points: [StrokePoint(x: 1, y: 2), StrokePoint(x: 3, y: 4)])
        ).validated().binaryEncoded()
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try EventPayload(binary: Array(bytes.prefix(length))), "length \(length)")
        }
    }

    func testJSONFormRoundTrips() throws {
        var ops = RandomOperations(seed: 5)
        var state = SessionState()
        for seq in 1...Int64(100) {
            let event = ops.next(for: state)
            let canonical = try event.payload.validated()
            let json = try JSONEncoder().encode(canonical)
            XCTAssertEqual(try JSONDecoder().decode(EventPayload.self, from: json), canonical)
            state.apply(
                EventRecord(
                    seq: seq, author: event.author, clientOpID: event.clientOpID, serverTime: 0, payload: canonical))
        }
        XCTAssertThrowsError(try JSONDecoder().decode(EventPayload.self, from: Data(#"{"kind":"explode"}"#.utf8)))
    }
}
