import Foundation
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Whole synthetic screens through the pipeline with the oracle classifier: measures grouping,
/// composition, post-processing and layout apart from the learned model.
final class ScreenEvaluationTests: XCTestCase {
    private func evaluate(count: Int, seed: UInt64, verbose: Bool = false) throws -> EvaluationSummary {
        var scores: [ScreenScore] = []
        for index in 0..<count {
            let screen = ScreenSynthesizer.make(index: index, seed: seed)
            let recognizer = Recognizer(classifier: OracleClassifier(screen))
            let result = try recognizer.recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
            let score = ScreenEvaluator.score(result, against: screen)
            if verbose, score.matched < max(score.expected, score.predicted) || !score.layoutMatches {
                let layout = StackInference.simplest(result.elements)?.signature ?? "-"
                print(
                    "\(index) \(screen.kind): missed \(score.missed) spurious \(score.spurious) layout \(score.layoutMatches) \(layout)"
                )
            }
            scores.append(score)
        }
        return EvaluationSummary(scores)
    }

    func testWithAPerfectClassifierThePipelineFindsTheElementsAndStacks() throws {
        let summary = try evaluate(count: 50, seed: 7, verbose: ProcessInfo.processInfo.environment["VERBOSE"] != nil)
        print(
            "oracle F1 \(summary.f1) precision \(summary.precision) recall \(summary.recall) layout \(summary.layoutMatchRate)"
        )
        XCTAssertGreaterThanOrEqual(summary.f1, 0.9)
        XCTAssertGreaterThanOrEqual(summary.layoutMatchRate, 0.8)
    }

    func testTheGeneratorIsReproducible() {
        let a = ScreenSynthesizer.make(index: 3, seed: 42)
        let b = ScreenSynthesizer.make(index: 3, seed: 42)
        XCTAssertEqual(a.strokes, b.strokes)
        XCTAssertEqual(a.truth, b.truth)
        XCTAssertNotEqual(a.strokes, ScreenSynthesizer.make(index: 3, seed: 43).strokes)
    }
}
