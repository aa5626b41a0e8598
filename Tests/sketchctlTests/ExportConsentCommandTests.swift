import Foundation
import XCTest

/// `sketchctl export --format dataset` judges consent as it stands at the head of the log: a
/// consent withdrawn later holds for every `--to-seq`, the one where it was given included.
final class ExportConsentCommandTests: XCTestCase {
    private let canvas = """
        {"canvas": {"width": 390, "height": 844}, "strokes": [
          {"id": "s1", "points": [[40, 120, 0], [340, 120, 16], [340, 170, 32], [40, 170, 48], [40, 120, 64]]}
        ]}
        """

    /// The seq `meta` reports after its change ("...; seq 3").
    private func seq(of result: CLIRunner.Result) throws -> Int {
        let tail = try XCTUnwrap(result.stdout.components(separatedBy: "seq ").last)
        return try XCTUnwrap(Int(tail.trimmingCharacters(in: .whitespacesAndNewlines)), result.stdout)
    }

    func testAWithdrawnConsentRefusesTheDatasetAtEverySeq() throws {
        let scratch = try Scratch()
        let data = scratch.path + "/data"
        let out = scratch.path + "/out"
        let session = ["--data-dir", data, "--session", "study"]
        XCTAssertEqual(try CLIRunner.run(["import"] + session + [scratch.write("box.json", canvas)]).status, 0)
        let given = try CLIRunner.run(["meta"] + session + ["--consent", "yes"])
        XCTAssertEqual(given.status, 0, given.stderr)
        let consentSeq = try seq(of: given)

        let consented = try CLIRunner.run(["export"] + session + ["--format", "dataset", "--out", out + "-1"])
        XCTAssertEqual(consented.status, 0, consented.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "-1/dataset.json"))

        XCTAssertTrue(
            try CLIRunner.run(["sessions", "--data-dir", data]).stdout.contains("\tyes"), "sessions shows the consent")
        XCTAssertEqual(try CLIRunner.run(["meta"] + session + ["--consent", "no"]).status, 0)
        XCTAssertTrue(
            try CLIRunner.run(["sessions", "--data-dir", data]).stdout.hasSuffix("\tno\n"),
            "sessions shows the withdrawal")
        for (n, extra) in [[], ["--to-seq", String(consentSeq)]].enumerated() {
            let refused = try CLIRunner.run(
                ["export"] + session + ["--format", "dataset", "--out", out + "-r\(n)"] + extra)
            XCTAssertNotEqual(refused.status, 0, "export \(extra) must be refused")
            XCTAssertTrue(refused.stderr.contains("no_consent"), refused.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out + "-r\(n)/dataset.json"))
        }
        let other = try CLIRunner.run(
            ["export"] + session + ["--format", "json", "--out", out + "-json", "--to-seq", String(consentSeq)])
        XCTAssertEqual(other.status, 0, other.stderr)
    }
}
