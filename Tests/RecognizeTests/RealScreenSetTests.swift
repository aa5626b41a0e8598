import Foundation
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// The real screen set: every element a DoodleUINet drawing from the validation fold, stretched
/// into the box a person would draw it in, scored through the shipped model.
final class RealScreenSetTests: XCTestCase {
    private static let pool = Result { try VendoredData.doodlePool { DrawingSource.real.keeps($0) } }

    func testThePoolHoldsOnlyTheValidationFold() throws {
        XCTAssertTrue(
            DrawingSource.real.keeps("switch/toogle_1") == ValidationSplit.standard.isValidation("switch/toogle_1"))
        XCTAssertNotEqual(DrawingSource.real.keeps("switch/toogle_1"), DrawingSource.synthetic.keeps("switch/toogle_1"))
        let pool = try Self.pool.get()
        XCTAssertGreaterThan(pool.count, 1500)
        XCTAssertLessThan(pool.count, 2300, "about a fifth of 9,290 drawings")
        for label in ["squiggle", "square", "dropDown", "sliders", "switch", "checkbox", "avatar", "star"] {
            XCTAssertFalse(pool.drawings[label, default: []].isEmpty, label)
        }
    }

    func testRealScreensAreReproducibleAndNotTheSyntheticOnes() throws {
        let pool = try Self.pool.get()
        let a = ScreenSynthesizer.make(index: 4, seed: 9, pool: pool, source: .real)
        let b = ScreenSynthesizer.make(index: 4, seed: 9, pool: pool, source: .real)
        XCTAssertEqual(a.strokes, b.strokes)
        XCTAssertEqual(a.truth, b.truth)
        XCTAssertEqual(a.source, .real)
        XCTAssertNotEqual(a.strokes, ScreenSynthesizer.make(index: 4, seed: 9, pool: pool, source: .synthetic).strokes)
        XCTAssertEqual(ScreenSynthesizer.kinds(for: .real).count, ScreenSynthesizer.kinds.count + 2)
    }

    func testTextIsStretchedAsPeopleDrawItAndPlacementsAreRecorded() throws {
        let pool = try Self.pool.get()
        var labels = 0
        for index in 0..<18 {
            let screen = ScreenSynthesizer.make(index: index, seed: 3, pool: pool, source: .real)
            for label in screen.truth.flatMap(\.flattened) where label.type == .label && !label.key.hasSuffix("body") {
                labels += 1
                XCTAssertGreaterThanOrEqual(label.frame.height, 3.5, label.key)
                XCTAssertLessThanOrEqual(label.frame.height, 24, label.key)
                XCTAssertLessThanOrEqual(label.frame.width / label.frame.height, 16.5, label.key)
            }
            XCTAssertTrue(screen.truth.flatMap(\.flattened).allSatisfy { $0.alignment != nil })
            if screen.kind == "article" {
                let byKey = Dictionary(uniqueKeysWithValues: screen.truth.map { ($0.key, $0) })
                XCTAssertEqual(byKey["picture"]?.alignment, .center)
                XCTAssertEqual(byKey["date"]?.alignment, .trailing)
                XCTAssertEqual(byKey["read"]?.alignment, .center)
                XCTAssertEqual(byKey["body"]?.alignment, .leading)
            }
        }
        XCTAssertGreaterThan(labels, 60)
    }

    func testTheShippedPipelineReadsRealScreens() throws {
        let pool = try Self.pool.get()
        let recognizer = try Recognizer.shipped()
        var scores: [ScreenScore] = []
        for index in 0..<27 {
            let screen = ScreenSynthesizer.make(index: index, seed: 11, pool: pool, source: .real)
            scores.append(
                ScreenEvaluator.score(
                    try recognizer.recognize(screen: screen.screen, strokes: screen.strokes, corrections: []),
                    against: screen))
        }
        let summary = EvaluationSummary(scores)
        XCTAssertGreaterThanOrEqual(
            summary.f1, 0.9, "real set F1 \(summary.f1), recall by type \(summary.recallByType)")
        XCTAssertGreaterThanOrEqual(
            summary.byType["label"]?.recall ?? 0, 0.9, "labels \(summary.recallByType["label"] ?? "-")")
    }
}
