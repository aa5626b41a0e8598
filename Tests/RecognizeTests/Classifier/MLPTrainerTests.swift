import XCTest

@testable import Recognize
@testable import RecognizeTraining

final class MLPTrainerTests: XCTestCase {
    private func tinyConfiguration(threads: Int) -> TrainingConfiguration {
        var config = TrainingConfiguration()
        config.hiddenSizes = [12]
        config.epochs = 4
        config.batchSize = 16
        config.learningRate = 3e-3
        config.threads = threads
        return config
    }

    func testLearnsPrimitivesAndIsDeterministicAcrossThreadCounts() {
        let training = TrainingData.synthetic(perClass: 24, seed: 501, tag: "t")
        let heldOut = TrainingData.synthetic(perClass: 8, seed: 502, tag: "v")
        let classes = PrimitiveClass.syntheticPrimitives
        let one = MLPTrainer(configuration: tinyConfiguration(threads: 1), classes: classes).train(
            training, heldOut: heldOut)
        let two = MLPTrainer(configuration: tinyConfiguration(threads: 2), classes: classes).train(
            training, heldOut: heldOut)
        XCTAssertEqual(ModelFile.encode(one), ModelFile.encode(two))

        let report = ClassifierEvaluation.allClasses(StrokeClassifier(model: one), on: heldOut)
        XCTAssertEqual(report.total, heldOut.count)
        // Seven classes: chance is 14%; a few epochs of a tiny network already do far better.
        XCTAssertGreaterThan(report.accuracy, 0.6, report.formatted(title: "tiny"))
        XCTAssertGreaterThan(one.temperature, 0)
    }

    func testTemperatureScalingSoftensOverconfidentLogits() {
        // Logits that are confidently wrong a third of the time call for a temperature above 1.
        let logits: [[Float]] = (0..<30).map { $0 % 3 == 0 ? [0, 8] : [8, 0] }
        let labels = [Int](repeating: 0, count: 30)
        XCTAssertGreaterThan(TemperatureScaling.fit(logits: logits, labels: labels), 2)
    }

    func testUnknownRuleThresholdIsClamped() {
        XCTAssertEqual(UnknownRule.fit(correctTopProbabilities: []), 0.30, accuracy: 1e-6)
        XCTAssertEqual(UnknownRule.fit(correctTopProbabilities: [0.1, 0.2]), 0.30, accuracy: 1e-6)
        XCTAssertEqual(UnknownRule.fit(correctTopProbabilities: [0.99, 0.98]), 0.60, accuracy: 1e-6)
        let spread = (1...100).map { Double($0) / 100 * 0.5 + 0.3 }  // 0.305 ... 0.8
        XCTAssertEqual(Double(UnknownRule.fit(correctTopProbabilities: spread)), spread[2], accuracy: 1e-6)
    }
}
