import Foundation
import XCTest

/// The contracts of `import`, `replay` and `sessions`, through the real binary.
final class FoundationCommandTests: XCTestCase {
    private let canvas = """
        {"canvas": {"width": 390, "height": 844}, "strokes": [
          {"id": "s1", "points": [[40, 300], [350, 300, 20], [350, 348, 40], [40, 348, 60], [40, 300, 80]], "color": "#1f6feb", "width": 2.0},
          {"id": "s2", "points": [[150, 320, 900], [170, 315, 920], [190, 325, 940], [210, 318, 960]]}
        ]}
        """

    func testImportThenReplayPrintsTheStrokesAndAStableHash() throws {
        let scratch = try Scratch()
        let file = scratch.write("login.json", canvas)
        let data = scratch.path + "/data"
        let imported = try CLIRunner.run(["import", "--data-dir", data, "--session", "demo", file])
        XCTAssertEqual(imported.status, 0, imported.stderr)

        let replay = try CLIRunner.run(["replay", "--data-dir", data, "--session", "demo", "--json"])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["strokes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["s1", "s2"])
        XCTAssertEqual(object["seq"] as? Int, 3)
        let hash = try XCTUnwrap(object["stateHash"] as? String)
        XCTAssertEqual(hash.count, 64)

        let again = try CLIRunner.run(["import", "--data-dir", data, "--session", "demo", file])
        XCTAssertEqual(again.status, 0, again.stderr)
        let replayAgain = try CLIRunner.run(["replay", "--data-dir", data, "--session", "demo", "--json"])
        XCTAssertTrue(replayAgain.stdout.contains(hash), "re-importing the same file must not change the session")

        let early = try CLIRunner.run(["replay", "--data-dir", data, "--session", "demo", "--to-seq", "2", "--json"])
        XCTAssertTrue(early.stdout.contains(#""seq":2"#))
        XCTAssertFalse(early.stdout.contains(#""id":"s2""#))

        let sessions = try CLIRunner.run(["sessions", "--data-dir", data])
        XCTAssertEqual(sessions.status, 0)
        XCTAssertTrue(sessions.stdout.contains("demo\t3\t"), sessions.stdout)
    }

    func testEveryCommandHasHelp() throws {
        for command in ["import", "replay", "sessions"] {
            let help = try CLIRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.contains("USAGE"), command)
        }
    }

    func testBadInputGivesOneLineErrorsAndLeavesNoHalfWrittenSession() throws {
        let scratch = try Scratch()
        let data = scratch.path + "/data"
        let cases: [(name: String, text: String?, expected: String)] = [
            ("missing.json", nil, "cannot read"),
            ("broken.json", #"{"canvas": {"width": 390"#, "malformed_input"),
            (
                "nan.json",
                #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "s1", "points": [[NaN, 1]]}]}"#,
                "malformed_input"
            ),
            (
                "huge.json",
                #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "s1", "points": [[1e300, 1]]}]}"#,
                "invalid_number"
            ),
            (
                "dupe.json",
                #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "a", "points": [[1, 1]]}, {"id": "a", "points": [[2, 2]]}]}"#,
                "invalid_event"
            ),
            (
                "badid.json",
                #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "no spaces", "points": [[1, 1]]}]}"#,
                "invalid_identifier"
            ),
            (
                "nopoints.json", #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "a", "points": []}]}"#,
                "invalid_event"
            ),
        ]
        for entry in cases {
            let file = entry.text.map { scratch.write(entry.name, $0) } ?? scratch.path + "/" + entry.name
            let result = try CLIRunner.run(["import", "--data-dir", data, "--session", "fresh", file])
            XCTAssertNotEqual(result.status, 0, entry.name)
            XCTAssertTrue(result.stderr.contains(entry.expected), "\(entry.name): \(result.stderr)")
            XCTAssertEqual(
                result.stderr.split(separator: "\n").count, 1, "\(entry.name): one line, got \(result.stderr)")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: data + "/fresh.sketch"),
                "\(entry.name) left a half-written session")
        }
    }

    func testUnknownSessionsAndBadSeqsAreErrors() throws {
        let scratch = try Scratch()
        let unknown = try CLIRunner.run(["replay", "--data-dir", scratch.path, "--session", "nobody"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown_session"), unknown.stderr)
        let traversal = try CLIRunner.run(["replay", "--data-dir", scratch.path, "--session", "../etc"])
        XCTAssertEqual(traversal.status, 1)
        XCTAssertTrue(traversal.stderr.contains("invalid_identifier"), traversal.stderr)
        let negative = try CLIRunner.run(["replay", "--data-dir", scratch.path, "--session", "x", "--to-seq", "-4"])
        XCTAssertNotEqual(negative.status, 0)
    }
}
