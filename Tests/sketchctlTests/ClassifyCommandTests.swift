import Foundation
import XCTest

/// Runs the built `sketchctl classify` binary end to end.
final class ClassifyCommandTests: XCTestCase {
    /// The sketchctl binary in the build folder that holds the test bundle.
    private func sketchctl() throws -> URL {
        let bundle = Bundle(for: Self.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("sketchctl") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("sketchctl is not built next to \(bundle.path)")
        }
        return binary
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try sketchctl()
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("classify-\(UUID().uuidString).ndjson")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testPrintsOneLabelLinePerDrawingInOrder() throws {
        let file = try write("""
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
