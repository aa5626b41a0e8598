import SessionProtocol
import StrokeLog
import XCTest

/// ``AckMessage/encoded`` is the bytes ``JSONWire`` writes, for every outcome, duplicates and
/// op ids that need escaping.
final class AckEncodingTests: XCTestCase {
    func testAcksOfEveryOutcomeMatchJSONWire() {
        let outcomes: [FoldOutcome?] = [
            nil, .applied, .undid(undoneSeq: 7, overlaps: []), .undid(undoneSeq: 9, overlaps: [10, 12]),
            .redid(redoneSeq: 4), .nothingToUndo, .noEffect("stroke \"k1\" already exists\n"),
        ]
        for (index, outcome) in outcomes.enumerated() {
            for opId in ["c0-1:\(index)", "op \"quoted\" \\ é/\u{1}"] {
                let ack = AckMessage(
                    clientOpId: opId, seq: Int64(index * 1_000_003), duplicate: outcome == nil,
                    outcome: outcome.map(OutcomeInfo.init))
                XCTAssertEqual(
                    String(decoding: ack.encoded, as: UTF8.self), String(decoding: JSONWire.encode(ack), as: UTF8.self))
            }
        }
    }
}
