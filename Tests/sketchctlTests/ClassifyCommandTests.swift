import Foundation
import XCTest

/// Runs the built `sketchctl classify` binary end to end.
final class ClassifyCommandTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> CLIRunner.Result { try CLIRunner.run(arguments) }

    private let scratch = Result { try Scratch() }

    private func write(_ text: String) throws -> String {
        try scratch.get().write("drawings-\(UUID().uuidString).ndjson", text)
    }

    func testPrintsOneLabelLinePerDrawingInOrder() throws {
        let file = try write(
            """
            {"id": "cross", "strokes": [[[0, 100], [0, 100]], [[100, 0], [0, 100]]]}
            {"id": "box", "label": "square", "strokes": [[[0, 100, 100, 0, 0], [0, 0, 100, 100, 0]]]}
            """)
        let result = try run(["classify", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let doodleClasses: Set<String> = [
            "avatar", "back", "camera", "cancel", "checkbox", "dropDown", "envelope", "forward", "leftarrow", "menu",
            "play", "plus", "search", "settings", "share", "sliders", "square", "squiggle", "star", "switch",
        ]
        for (line, id) in zip(lines, ["cross", "box"]) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["id"] as? String, id)
            XCTAssertTrue(doodleClasses.contains(object["label"] as? String ?? ""), String(line))
            XCTAssertNotNil(object["confidence"] as? Double)
        }
    }

    func testMalformedLineIsReportedAndFailsTheRun() throws {
        let file = try write("{\"id\": \"ok\", \"strokes\": [[[0, 10], [0, 10]]]}\n{broken\n")
        let result = try run(["classify", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(result.stderr.contains("line 2"))
    }

    func testMissingFileIsAOneLineError() throws {
        let result = try run(["classify", "/nonexistent/file.ndjson"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
    }
}
