import Foundation
import XCTest

/// `sketchctl evaluate-screens`: both screen sets side by side, with per-type recall.
final class EvaluateScreensCommandTests: XCTestCase {
    /// The vendored DoodleUINet drawings, found from this file (tests may run from any directory).
    private static let doodles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/doodleuinet/train.ndjson.gz").path

    func testReportsBothSetsWithPerTypeRecallByDefault() throws {
        let result = try CLIRunner.run(["evaluate-screens", "--count", "9", "--seed", "4", "--doodles", Self.doodles])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sets = try XCTUnwrap(json["sets"] as? [String: Any])
        XCTAssertEqual(Set(sets.keys), ["real", "synthetic"])
        for (name, value) in sets {
            let set = try XCTUnwrap(value as? [String: Any])
            let overall = try XCTUnwrap(set["overall"] as? [String: Any], name)
            for key in ["f1", "precision", "recall", "layoutMatchRate"] {
                XCTAssertNotNil(overall[key] as? Double, "\(name) \(key)")
            }
            let recall = try XCTUnwrap(overall["recallByType"] as? [String: String], name)
            XCTAssertNotNil(recall["label"], name)
            XCTAssertTrue(
                recall.values.allSatisfy { $0.range(of: #"^\d+/\d+$"#, options: .regularExpression) != nil },
                "\(recall)")
            XCTAssertGreaterThan(set["doodleDrawings"] as? Int ?? 0, 1000, name)
        }
        let real = try XCTUnwrap((sets["real"] as? [String: Any])?["byKind"] as? [String: Any])
        XCTAssertNotNil(real["article"], "the real set adds its own templates")
    }

    func testOneSetAndBadArguments() throws {
        let real = try CLIRunner.run(["evaluate-screens", "--count", "2", "--set", "real", "--doodles", Self.doodles])
        XCTAssertEqual(real.status, 0, real.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["sets"] as? [String: Any])?.keys.sorted(), ["real"])
        let badSet = try CLIRunner.run(["evaluate-screens", "--set", "paper"])
        XCTAssertNotEqual(badSet.status, 0)
        let missing = try CLIRunner.run([
            "evaluate-screens", "--count", "1", "--doodles", "/nonexistent/drawings.ndjson.gz",
        ])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot read"), missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1)
    }
}
