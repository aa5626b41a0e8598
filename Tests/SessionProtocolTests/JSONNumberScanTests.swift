import SessionProtocol
import XCTest

final class JSONNumberScanTests: XCTestCase {
    func testFindsOverflowingLiteralsOutsideStrings() {
        XCTAssertTrue(JSONNumberScan.hasNonFiniteNumber(Array(#"{"x":1e999}"#.utf8)))
        XCTAssertTrue(JSONNumberScan.hasNonFiniteNumber(Array(#"[1,-2E+400]"#.utf8)))
        XCTAssertFalse(JSONNumberScan.hasNonFiniteNumber(Array(#"{"x":1e300,"s":"1e999 \"9e999\""}"#.utf8)))
        XCTAssertFalse(JSONNumberScan.hasNonFiniteNumber(Array("not json at all".utf8)))
    }
}
