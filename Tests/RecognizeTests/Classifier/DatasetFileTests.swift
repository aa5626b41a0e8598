import Foundation
import XCTest

@testable import RecognizeTraining

/// The vendored data set is read through zlib; damaged files fail with a typed error.
final class DatasetFileTests: XCTestCase {
    private func scratch(_ name: String, _ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "datasetfile-\(UUID().uuidString)-\(name)")
        try data.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testTheVendoredDrawingsDecompressToEveryLine() throws {
        let url = DatasetFile.vendoredDoodles(in: VendoredData.root)
        XCTAssertTrue(DatasetFile.isGzip(try Data(contentsOf: url)))
        let lines = try DatasetFile.text(url).split(separator: "\n")
        XCTAssertEqual(lines.count, 9290)
        XCTAssertEqual(try DoodleRecord.parseAll(String(lines[0])).first?.label, "avatar")
    }

    func testPlainFilesPassThrough() throws {
        let text = #"{"id": "a", "label": "star", "strokes": [[[0, 1], [0, 1]]]}"# + "\n"
        XCTAssertEqual(try DatasetFile.text(try scratch("plain.ndjson", Data(text.utf8))), text)
    }

    func testDamagedAndMissingFilesAreTypedErrors() throws {
        let whole = try Data(contentsOf: DatasetFile.vendoredDoodles(in: VendoredData.root))
        let truncated = try scratch("cut.gz", whole.prefix(50_000))
        XCTAssertThrowsError(try DatasetFile.read(truncated)) { error in
            guard case .damaged? = error as? DatasetFileError else { return XCTFail("\(error)") }
        }
        var corrupt = whole.prefix(50_000)
        for i in 100..<400 { corrupt[corrupt.startIndex + i] ^= 0x5a }
        XCTAssertThrowsError(try DatasetFile.read(try scratch("bad.gz", corrupt))) { error in
            guard case .damaged? = error as? DatasetFileError else { return XCTFail("\(error)") }
        }
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).gz")
        XCTAssertThrowsError(try DatasetFile.read(missing)) { error in
            XCTAssertEqual(error as? DatasetFileError, .unreadable(missing.path))
        }
    }
}
