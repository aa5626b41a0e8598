import SketchModel
import XCTest

@testable import Recognize
@testable import RecognizeTraining

final class FeatureExtractorTests: XCTestCase {
    private func sampleStrokes(seed: UInt64 = 7) -> [[Point2]] {
        var synthesizer = PrimitiveSynthesizer(seed: seed)
        return synthesizer.draw(.crossedBox, in: Rect(x: 10, y: 20, width: 200, height: 120))!
    }

    private func assertClose(
        _ a: [Float], _ b: [Float], tolerance: Float = 1e-3, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThan(worst, tolerance, file: file, line: line)
    }

    func testVectorHasTheSpecifiedLength() throws {
        let f = try XCTUnwrap(FeatureExtractor.features(of: sampleStrokes()))
        XCTAssertEqual(f.count, FeatureSpec.count)
        XCTAssertTrue(f.allSatisfy(\.isFinite))
    }

    func testTranslationInvariance() throws {
        let strokes = sampleStrokes()
        let moved = strokes.map { $0.map { $0 + Point2(1234.5, -77.25) } }
        assertClose(
            try XCTUnwrap(FeatureExtractor.features(of: strokes)), try XCTUnwrap(FeatureExtractor.features(of: moved)))
    }

    func testUniformScaleInvariance() throws {
        let strokes = sampleStrokes()
        let scaled = strokes.map { $0.map { $0 * 3.5 } }
        assertClose(
            try XCTUnwrap(FeatureExtractor.features(of: strokes)), try XCTUnwrap(FeatureExtractor.features(of: scaled)))
    }

    func testDuplicatedPointsDoNotChangeFeatures() throws {
        // DoodleUINet's DoodleNoodle classes repeat points; resampling must hide that.
        let strokes = sampleStrokes()
        let doubled = strokes.map { $0.flatMap { [$0, $0, $0] } }
        assertClose(
            try XCTUnwrap(FeatureExtractor.features(of: strokes)), try XCTUnwrap(FeatureExtractor.features(of: doubled))
        )
    }

    func testFrameFeaturesAreNeutralWithoutFrameAndPresentWithIt() throws {
        let strokes = [[Point2(10, 20), Point2(210, 20), Point2(210, 140), Point2(10, 140), Point2(10, 20)]]
        let without = try XCTUnwrap(FeatureExtractor.features(of: strokes, frame: nil))
        let with = try XCTUnwrap(FeatureExtractor.features(of: strokes, frame: (390, 844)))
        let flag = FeatureSpec.rasterCount + 6
        XCTAssertEqual(Array(without[flag...]), [0, 0, 0])
        XCTAssertEqual(with[flag], 1)
        XCTAssertEqual(Double(with[flag + 1]), log(200.0 / 390.0), accuracy: 1e-5)
        XCTAssertEqual(Double(with[flag + 2]), log(120.0 / 844.0), accuracy: 1e-5)
    }

    func testEmptyAndNonFiniteInput() {
        XCTAssertNil(FeatureExtractor.features(of: []))
        XCTAssertNil(FeatureExtractor.features(of: [[], []]))
        XCTAssertNil(FeatureExtractor.features(of: [[Point2(.nan, 1), Point2(.infinity, 2)]]))
        let single = FeatureExtractor.features(of: [[Point2(5, 5)]])
        XCTAssertEqual(single?.count, FeatureSpec.count)
        XCTAssertTrue(single?.allSatisfy(\.isFinite) ?? false)
    }

    func testResamplerSpacing() {
        let line = [Point2(0, 0), Point2(10, 0)]
        let out = ArcLengthResampler.resample(line, step: 1)
        XCTAssertEqual(out.count, 11)
        XCTAssertEqual(out[5].x, 5, accuracy: 1e-9)
        XCTAssertEqual(ArcLengthResampler.resample([Point2(3, 3), Point2(3, 3)], step: 1), [Point2(3, 3)])
    }

    func testCornerCountOfASquareLoop() {
        let square = ArcLengthResampler.resample(
            [Point2(0, 0), Point2(1, 0), Point2(1, 1), Point2(0, 1), Point2(0, 0)], step: 1.0 / 64)
        XCTAssertEqual(GeometricFeatures.cornerCount(square), 3)  // the start/end corner is not turned
        let line = ArcLengthResampler.resample([Point2(0, 0), Point2(1, 0)], step: 1.0 / 64)
        XCTAssertEqual(GeometricFeatures.cornerCount(line), 0)
    }
}
