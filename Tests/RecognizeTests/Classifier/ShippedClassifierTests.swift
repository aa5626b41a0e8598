import Recognize
import RecognizeTraining
import StrokeLog
import XCTest

final class ShippedClassifierTests: XCTestCase {
    private static let classifier = Result { try StrokeClassifier.shipped() }

    private func shipped() throws -> StrokeClassifier { try Self.classifier.get() }

    func testShippedModelLoadsWithEveryClass() throws {
        let model = try shipped().model
        XCTAssertEqual(model.classes, PrimitiveClass.allCases)
        XCTAssertTrue(model.hasNoneOutput)
        XCTAssertGreaterThan(model.temperature, 0)
        let threshold = Double(model.unknownThreshold)
        XCTAssertTrue(
            threshold > UnknownRule.bounds.lowerBound - 1e-6 && threshold < UnknownRule.bounds.upperBound + 1e-6)
    }

    func testClearlyDrawnPrimitivesAreRecognised() throws {
        let classifier = try shipped()
        // A seed the trainer never uses (it uses 1 and 1 ^ constant by default).
        let drawings = TrainingData.synthetic(perClass: 30, seed: 0xC0FFEE, tag: "test")
        var correct = 0
        var wrong: [String] = []
        for d in drawings {
            let answer = classifier.classify(points: d.strokes, frame: (390, 844)).best.label
            if answer == d.label { correct += 1 } else { wrong.append("\(d.label)->\(answer)") }
        }
        let accuracy = Double(correct) / Double(drawings.count)
        XCTAssertGreaterThan(accuracy, 0.9, "mistakes: \(wrong.prefix(20))")
    }

    func testHandMadeShapes() throws {
        let classifier = try shipped()
        let bar: [[Point2]] = [[Point2(10, 100), Point2(380, 101), Point2(379, 148), Point2(11, 147), Point2(10, 100)]]
        XCTAssertEqual(classifier.classify(points: bar, frame: (390, 844)).best.label, .rectangle)
        let line: [[Point2]] = [(0...40).map { Point2(20 + Double($0) * 8, 400 + Double($0 % 3) * 0.5) }]
        XCTAssertEqual(classifier.classify(points: line, frame: (390, 844)).best.label, .horizontalLine)
        let circle: [[Point2]] = [
            (0...40).map {
                Point2(200 + 40 * cos(Double($0) / 40 * 2 * .pi), 300 + 40 * sin(Double($0) / 40 * 2 * .pi))
            }
        ]
        XCTAssertEqual(classifier.classify(points: circle, frame: (390, 844)).best.label, .circle)
    }

    func testClutterIsMostlyUnknownAndClearShapesAreNot() throws {
        let classifier = try shipped()
        let clutter = TrainingData.clutter(count: 100, seed: 0xBAD5EED, tag: "test")
        let flagged = clutter.filter { classifier.classify(points: $0.strokes, frame: (390, 844)).isUnknown }.count
        XCTAssertGreaterThan(flagged, 70)
        let shapes = TrainingData.synthetic(perClass: 15, seed: 0xBAD5EED, tag: "test")
        let rejected = shapes.filter { classifier.classify(points: $0.strokes, frame: (390, 844)).isUnknown }.count
        XCTAssertLessThan(rejected, shapes.count / 10)
    }

    func testDeterministic() throws {
        let classifier = try shipped()
        let strokes = TrainingData.synthetic(perClass: 1, seed: 77, tag: "det").map(\.strokes)
        for s in strokes {
            let a = classifier.classify(points: s, frame: nil)
            let b = classifier.classify(points: s, frame: nil)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.ranked.map(\.probability).reduce(0, +) + a.noneProbability, 1, accuracy: 1e-9)
        }
    }

    func testEmptyGroupIsUnknown() throws {
        let result = try shipped().classify([[StrokePoint]](), frame: nil)
        XCTAssertTrue(result.isUnknown)
    }

    func testDoodleAnswersAreDoodleClasses() throws {
        let classifier = try shipped()
        for d in TrainingData.synthetic(perClass: 2, seed: 11, tag: "doodle") {
            XCTAssertTrue(classifier.classifyDoodle(points: d.strokes).label.isDoodleClass)
        }
    }

    /// A fixed slice of the held-out DoodleUINet fold of the vendored data set.
    func testAccuracyOnHeldOutDoodles() throws {
        // Every fifth of the first 10,000 lines: about 400 held-out drawings of every class (the file is sorted by class).
        let text = try VendoredData.doodleText().split(separator: "\n").enumerated()
            .filter { $0.offset % 5 == 0 }.prefix(2_000).map(\.element).joined(separator: "\n")
        var set = TrainingData()
        try set.addDoodles(try DoodleRecord.parseAll(text), split: .standard)
        let slice = set.doodleValidation
        let report = ClassifierEvaluation.doodles(try shipped(), on: slice)
        XCTAssertGreaterThan(slice.count, 250)
        XCTAssertEqual(report.total, slice.count)
        XCTAssertGreaterThan(report.accuracy, 0.9, report.formatted(title: "held-out slice"))
    }
}
