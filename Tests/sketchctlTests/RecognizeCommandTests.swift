import Foundation
import XCTest

/// `sketchctl recognize FILE.json`: the NOTATION contract, through the real process.
final class RecognizeCommandTests: XCTestCase {
    private static let canvas = """
        {"canvas": {"width": 390, "height": 844}, "strokes": [
          {"id": "box", "color": "#1f6feb", "points": [[40,300,0],[350,300,400],[350,348,600],[40,348,1000],[40,299,1300]]},
          {"id": "text", "color": "#1f6feb", "points": [[150,320,3000],[160,314,3050],[170,326,3100],[180,314,3150],[190,326,3200],[200,314,3250],[210,326,3300],[220,314,3350],[230,320,3400]]}
        ]}
        """

    func testPrintsTheElementsFileWithRootsAndNestedChildren() throws {
        let scratch = try Scratch()
        let result = try CLIRunner.run(["recognize", scratch.write("canvas.json", Self.canvas)])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(json["elements"] as? [[String: Any]])
        XCTAssertFalse(elements.isEmpty)
        for element in elements {
            for key in ["id", "type", "frame", "confidence", "strokeIds", "children"] {
                XCTAssertNotNil(element[key], key)
            }
            let layoutFrame = try XCTUnwrap(element["layoutFrame"] as? [String: Double], "layoutFrame")
            XCTAssertEqual(Set(layoutFrame.keys), ["x", "y", "width", "height"])
            // The button spans the screen between its margins, where it was drawn.
            let frame = try XCTUnwrap(element["frame"] as? [String: Double])
            XCTAssertEqual(layoutFrame["x"] ?? -1, frame["x"] ?? 0, accuracy: 8)
            XCTAssertEqual(layoutFrame["width"] ?? -1, frame["width"] ?? 0, accuracy: 16)
        }
        let strokeIDs = elements.flatMap { $0["strokeIds"] as? [String] ?? [] }
        XCTAssertEqual(Set(strokeIDs), ["box", "text"], "every stroke belongs to a root")
        XCTAssertNotNil(json["layout"])
        XCTAssertNotNil(json["readingOrder"])
    }

    func testTheSameFileGivesTheSameBytes() throws {
        let scratch = try Scratch()
        let file = scratch.write("canvas.json", Self.canvas)
        XCTAssertEqual(try CLIRunner.run(["recognize", file]).stdout, try CLIRunner.run(["recognize", file]).stdout)
    }

    func testBadCanvasFilesGiveOneLineErrors() throws {
        let scratch = try Scratch()
        for bad in [
            "not json", #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "a", "points": [[1, "x"]]}]}"#,
            #"{"canvas": {"width": -1, "height": 844}, "strokes": []}"#,
        ] {
            let result = try CLIRunner.run(["recognize", scratch.write("bad.json", bad)])
            XCTAssertEqual(result.status, 1, bad)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertEqual(try CLIRunner.run(["recognize", scratch.path + "/missing.json"]).status, 1)
    }
}

/// `sketchctl recognize --model`: a model file is used; a damaged one is refused by name.
final class RecognizeModelOptionTests: XCTestCase {
    private static let shippedModel = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Recognize/Resources/stroke-classifier.skcl")

    func testAModelFileIsUsedAndADamagedOneRefused() throws {
        let scratch = try Scratch()
        let canvas = scratch.write(
            "box.json",
            """
            {"canvas": {"width": 390, "height": 844}, "strokes": [
              {"id": "s1", "points": [[40, 120, 0], [340, 120, 16], [340, 170, 32], [40, 170, 48], [40, 120, 64]]}]}
            """)
        let copy = scratch.path + "/copy.skcl"
        try FileManager.default.copyItem(atPath: Self.shippedModel.path, toPath: copy)
        let shipped = try CLIRunner.run(["recognize", canvas])
        let deployed = try CLIRunner.run(["recognize", "--model", copy, canvas])
        XCTAssertEqual(deployed.status, 0, deployed.stderr)
        XCTAssertEqual(deployed.stdout, shipped.stdout, "the same model file recognises the same")

        var bytes = try Data(contentsOf: Self.shippedModel)
        bytes[bytes.count / 2] ^= 0xFF
        let damaged = scratch.path + "/damaged.skcl"
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let refused = try CLIRunner.run(["recognize", "--model", damaged, canvas])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("damaged.skcl") && refused.stderr.contains("checksum"), refused.stderr)
    }
}
