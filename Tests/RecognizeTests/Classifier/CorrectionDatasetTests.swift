import XCTest
import Recognize
import RecognizeTraining

final class CorrectionDatasetTests: XCTestCase {
    func testReadsSinglePrimitiveElementsAndSkipsComposites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corrections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let screen = """
            {"canvas": {"width": 390, "height": 844},
             "strokes": [{"id": "s1", "points": [[10, 10], [200, 10, 5], [200, 100], [10, 100], [10, 10]]},
                         {"id": "s2", "points": [[10, 10], [200, 100]]},
                         {"id": "s3", "points": [[20, 300], [360, 302]]},
                         {"id": "s4", "points": [[30, 400], [40, 390], [30, 380]]}],
             "elements": [{"type": "image", "strokeIds": ["s1", "s2"]},
                          {"type": "divider", "strokeIds": ["s3"]},
                          {"type": "icon", "symbol": "chevron.left", "strokeIds": ["s4"]},
                          {"type": "button", "strokeIds": ["s1"]},
                          {"type": "circle", "strokeIds": ["missing"]}]}
            """
        try Data(screen.utf8).write(to: directory.appendingPathComponent("screen1.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent("broken.json"))
        try Data("button\nimage\n".utf8).write(to: directory.appendingPathComponent("classes.txt"))

        var skipped: [String] = []
        let drawings = try CorrectionDataset.load(directories: [directory.path]) { skipped.append($0) }
        XCTAssertEqual(drawings.map(\.label), [.crossedBox, .horizontalLine, .back])
        XCTAssertEqual(drawings[0].strokes.count, 2)
        XCTAssertEqual(drawings[0].frameSize, Point2(390, 844))
        XCTAssertEqual(skipped.count, 1)
        XCTAssertTrue(skipped[0].hasSuffix("broken.json"))
    }

    func testMissingDirectoryThrows() {
        XCTAssertThrowsError(try CorrectionDataset.load(directories: ["/nonexistent/corrections"]))
    }
}
