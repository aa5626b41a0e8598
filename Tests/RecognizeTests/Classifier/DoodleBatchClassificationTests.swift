import Recognize
import RecognizeTraining
import XCTest

final class DoodleBatchClassificationTests: XCTestCase {
    private let doodleNames = Set(PrimitiveClass.doodleClasses.map(\.rawValue))

    func testOneLinePerInputLineInOrder() throws {
        let classifier = try StrokeClassifier.shipped()
        let input = """
            {"id": "a", "label": "plus", "strokes": [[[50, 50], [0, 100]], [[0, 100], [50, 50]]]}

            {"id": "b", "strokes": [[[0, 100, 100, 0, 0], [0, 0, 100, 100, 0]]]}
            not json
            {"id": "d", "strokes": [[[1, 2, 3], [1, 2]]]}
            {"id": "e", "strokes": []}
            """
        let result = DoodleBatchClassification.run(ndjson: input, classifier: classifier)
        XCTAssertEqual(result.lines.count, 5)
        XCTAssertEqual(result.errors.count, 2)
        let objects = try result.lines.map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects[0]["id"] as? String, "a")
        XCTAssertEqual(objects[1]["id"] as? String, "b")
        for i in [0, 1, 4] {
            XCTAssertEqual(Set(objects[i].keys), ["id", "label", "confidence"])
            XCTAssertTrue(doodleNames.contains(objects[i]["label"] as? String ?? ""))
            let confidence = try XCTUnwrap(objects[i]["confidence"] as? Double)
            XCTAssertTrue((0...1).contains(confidence))
        }
        XCTAssertEqual(objects[2]["line"] as? Int, 4)
        XCTAssertTrue(objects[2]["id"] is NSNull)
        XCTAssertEqual(objects[3]["id"] as? String, "d")
        XCTAssertNotNil(objects[3]["error"] as? String)
    }

    func testOutputIsReproducible() throws {
        let classifier = try StrokeClassifier.shipped()
        let input = #"{"id": "x", "strokes": [[[0, 10, 20, 30], [0, 8, 0, 8]]]}"#
        XCTAssertEqual(
            DoodleBatchClassification.run(ndjson: input, classifier: classifier).lines,
            DoodleBatchClassification.run(ndjson: input, classifier: classifier).lines)
    }

    func testHostileRecordsAreRefusedNotCrashing() {
        XCTAssertThrowsError(try DoodleRecord.parse(line: #"{"id": 5, "strokes": []}"#))
        XCTAssertThrowsError(try DoodleRecord.parse(line: #"{"id": "x", "strokes": [[["a"], [1]]]}"#))
        XCTAssertThrowsError(try DoodleRecord.parse(line: #"{"id": "x", "strokes": [[[1e400], [1]]]}"#))
        XCTAssertThrowsError(try DoodleRecord.parse(line: #"{"id": "x", "label": 3, "strokes": []}"#))
        XCTAssertThrowsError(try DoodleRecord.parse(line: "[1, 2]"))
        XCTAssertNoThrow(try DoodleRecord.parse(line: #"{"id": "x", "label": null, "strokes": [[[1], [1]]]}"#))
    }
}
