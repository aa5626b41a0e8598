import Foundation
import SessionModel
import XCTest

/// The one JSON set-up: sorted keys and unescaped slashes in both layouts.
final class CanonicalJSONTests: XCTestCase {
    private struct Sample: Codable, Equatable {
        var zeta = 1
        var alpha = "a/b"
    }

    func testSortedKeysAndUnescapedSlashes() throws {
        XCTAssertEqual(
            String(decoding: try CanonicalJSON.encode(Sample()), as: UTF8.self), #"{"alpha":"a/b","zeta":1}"#)
        XCTAssertEqual(
            String(decoding: try CanonicalJSON.encode(Sample(), .pretty), as: UTF8.self),
            "{\n  \"alpha\" : \"a/b\",\n  \"zeta\" : 1\n}")
        XCTAssertEqual(
            try CanonicalJSON.decode(Sample.self, from: try CanonicalJSON.encode(Sample(), .pretty)), Sample())
        XCTAssertThrowsError(try CanonicalJSON.encode([Double.nan]))
    }
}
