import Foundation
import StrokeLog
import XCTest

/// Two processes' logs on one session file (sketchd and `sketchctl import`): each folds what the
/// other appended, so neither is ever refused by the seq trigger.
final class TwoWritersTests: XCTestCase {
    func testEachLogFoldsWhatTheOtherAppendedBeforeItsOwnAppend() throws {
        let root = NSTemporaryDirectory() + "sketchd-two-writers-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = SessionDirectory(root: root)
        let daemon = try directory.create("shared")
        let cli = try directory.open("shared")
        func stroke(_ id: String) -> EventPayload {
            .strokeAdded(Stroke(id: id, points: [StrokePoint(x: 10, y: 10), StrokePoint(x: 90, y: 10, t: 16)]))
        }

        _ = try daemon.append(PendingEvent(author: "ana", clientOpID: "ana:1", payload: stroke("a1")))
        _ = try cli.append(PendingEvent(author: "cli", clientOpID: "import:c1", payload: stroke("c1")))
        XCTAssertEqual(cli.takeAbsorbedRecords().map(\.seq), [1], "the CLI folded the daemon's event first")

        XCTAssertTrue(try daemon.absorbExternalChanges())
        XCTAssertEqual(daemon.takeAbsorbedRecords().map(\.seq), [2])
        XCTAssertFalse(try daemon.absorbExternalChanges(), "nothing new since")

        _ = try cli.append(PendingEvent(author: "cli", clientOpID: "import:c2", payload: stroke("c2")))
        guard
            case .stored(let record, _) = try daemon.append(
                PendingEvent(author: "ana", clientOpID: "ana:2", payload: stroke("a2")))
        else {
            return XCTFail("the daemon's append was refused")
        }
        XCTAssertEqual(record.seq, 4)
        XCTAssertEqual(daemon.takeAbsorbedRecords().map(\.seq), [3])
        XCTAssertEqual(daemon.state.stateHash, try directory.open("shared").state.stateHash)
    }
}
