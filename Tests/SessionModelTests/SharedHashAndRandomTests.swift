import SessionModel
import XCTest

/// The shared FNV-1a and seeded generator give the published reference values: the shipped models,
/// the validation folds and every synthetic figure depend on them never changing.
final class SharedHashAndRandomTests: XCTestCase {
    func testFNV1aMatchesTheReferenceValues() {
        XCTAssertEqual(FNV1a<UInt32>.hash([UInt8]()), 0x811c_9dc5)
        XCTAssertEqual(FNV1a<UInt32>.hash("a".utf8), 0xe40c_292c)
        XCTAssertEqual(FNV1a<UInt32>.hash("foobar".utf8), 0xbf9c_f968)
        XCTAssertEqual(FNV1a<UInt64>.hash([UInt8]()), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a<UInt64>.hash("a".utf8), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a<UInt64>.hash("foobar".utf8), 0x8594_4171_f739_67e8)
    }

    func testAWordIsCombinedAsItsLittleEndianBytes() {
        var byWord = FNV1a<UInt64>()
        var byBytes = FNV1a<UInt64>()
        byWord.combine(littleEndian: 0x0102_0304_0506_0708)
        byBytes.combine([8, 7, 6, 5, 4, 3, 2, 1])
        XCTAssertEqual(byWord.digest, byBytes.digest)
    }

    func testSeededGeneratorIsSplitMix64() {
        var generator = SeededGenerator(seed: 0)
        XCTAssertEqual(generator.next(), 0xe220_a839_7b1d_cdaf)
        XCTAssertEqual(generator.next(), 0x6e78_9e6a_a1b9_65f4)
    }

    func testEqualSeedsGiveEqualSequences() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        for _ in 0..<100 { XCTAssertEqual(a.uniform(-3...5), b.uniform(-3...5)) }
        XCTAssertEqual(a.normal(), b.gaussian(sigma: 1))
    }
}
