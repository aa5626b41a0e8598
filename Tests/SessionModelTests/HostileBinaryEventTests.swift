import SessionModel
import XCTest

/// Stored bytes that our encoder never writes (a damaged or forged file) are refused with a
/// typed error instead of trapping: each case was found by `scripts/fuzz.sh event-codec`.
final class HostileBinaryEventTests: XCTestCase {
    private func payload(kind: EventPayload.Kind, _ body: (inout BinaryWriter) -> Void) -> [UInt8] {
        var w = BinaryWriter()
        w.byte(1)
        w.byte(UInt8(EventPayload.Kind.allCases.firstIndex(of: kind)!))
        body(&w)
        return w.bytes
    }

    private func assertRefused(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try EventPayload(binary: bytes), file: file, line: line) { error in
            XCTAssertEqual((error as? StrokeLogError)?.code, "malformed_input", file: file, line: line)
        }
    }

    func testACountBeyondIntIsRefused() {
        assertRefused(payload(kind: .strokesErased) { $0.varint(.max) })
    }

    func testPointCoordinatesThatOverflowAreRefused() {
        assertRefused(
            payload(kind: .strokeAdded) { w in
                w.strings(["s1", "#1b1f24", "main"])
                w.int(16)
                w.bool(false)
                w.varint(2)
                for _ in 0..<2 {
                    w.int(.max)
                    w.int(0)
                    w.int(0)
                }
            })
    }

    func testAWidthBeyondExactDoublesIsRefused() {
        assertRefused(
            payload(kind: .strokeAdded) { w in
                w.strings(["s1", "#1b1f24", "main"])
                w.int(.max)
                w.bool(false)
                w.varint(0)
            })
    }

    func testNonFiniteScreenSizesAreRefused() {
        assertRefused(
            payload(kind: .screenAdded) { w in
                w.strings(["second", "Second"])
                w.float64(.nan)
                w.float64(844)
            })
    }
}
