import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

final class ModelFileTests: XCTestCase {
    /// A small random model with the real feature count.
    private func tinyModel(none: Bool = true) -> MLPModel {
        var rng = SeededGenerator(seed: 3)
        let network = Network(
            sizes: [FeatureSpec.count, 4, PrimitiveClass.allCases.count + (none ? 1 : 0)], using: &rng)
        return MLPModel(
            classes: PrimitiveClass.allCases, hasNoneOutput: none,
            featureMean: (0..<FeatureSpec.count).map { Float($0) * 0.01 },
            featureScale: [Float](repeating: 1.5, count: FeatureSpec.count),
            layers: network.layers, temperature: 1.7, unknownThreshold: 0.4)
    }

    func testRoundTrip() throws {
        let model = tinyModel()
        let bytes = ModelFile.encode(model)
        XCTAssertEqual(try ModelFile.decode(bytes), model)
        XCTAssertEqual(ModelFile.encode(try ModelFile.decode(bytes)), bytes)
        let withoutNone = tinyModel(none: false)
        XCTAssertEqual(try ModelFile.decode(ModelFile.encode(withoutNone)), withoutNone)
    }

    func testOutputLayerMustMatchClassesAndNoneFlag() {
        var model = tinyModel(none: true)
        model.network.hasNoneOutput = false  // the output layer still has one more unit than the classes
        XCTAssertThrowsError(try ModelFile.decode(ModelFile.encode(model))) {
            XCTAssertEqual(($0 as? ModelFileError)?.code, "model_invalid")
        }
    }

    func testBadMagic() {
        var bytes = ModelFile.encode(tinyModel())
        bytes[0] = UInt8(ascii: "X")
        XCTAssertThrowsError(try ModelFile.decode(bytes)) { XCTAssertEqual($0 as? ModelFileError, .badMagic) }
        XCTAssertThrowsError(try ModelFile.decode([])) { XCTAssertEqual($0 as? ModelFileError, .badMagic) }
    }

    func testUnsupportedFormat() {
        var bytes = ModelFile.encode(tinyModel())
        bytes[4] = 9
        XCTAssertThrowsError(try ModelFile.decode(bytes)) {
            XCTAssertEqual($0 as? ModelFileError, .unsupportedFormat(9))
        }
    }

    func testCorruptionIsDetected() {
        var bytes = ModelFile.encode(tinyModel())
        bytes[bytes.count / 2] ^= 0x40
        XCTAssertThrowsError(try ModelFile.decode(bytes)) { XCTAssertEqual($0 as? ModelFileError, .checksumMismatch) }
    }

    func testTruncationIsDetected() {
        let bytes = ModelFile.encode(tinyModel())
        for length in [6, 12, 40, bytes.count - 1] {
            XCTAssertThrowsError(try ModelFile.decode(Array(bytes.prefix(length))), "length \(length)")
        }
    }

    func testHeaderFieldsAreValidatedBehindAValidChecksum() {
        // Rewrite one header field and re-seal the checksum: the semantic check must catch it.
        func resealed(_ edit: (inout [UInt8]) -> Void) -> [UInt8] {
            var body = Array(ModelFile.encode(tinyModel()).dropLast(4))
            edit(&body)
            var w = ByteWriter()
            w.u32(FNV1a<UInt32>.hash(body))
            return body + w.data
        }
        XCTAssertThrowsError(try ModelFile.decode(resealed { $0[8] = 99 })) {
            XCTAssertEqual($0 as? ModelFileError, .featureSpecMismatch(expected: FeatureSpec.version, found: 99))
        }
        XCTAssertThrowsError(try ModelFile.decode(resealed { $0[17] = UInt8(ascii: "Z") })) {
            XCTAssertEqual(($0 as? ModelFileError)?.code, "model_unknown_class")
        }
        XCTAssertThrowsError(try ModelFile.decode(resealed { $0.append(0) })) {
            XCTAssertEqual($0 as? ModelFileError, .trailingBytes)
        }
    }

    func testNonFiniteWeightsAreRefused() {
        var model = tinyModel()
        model.layers[0].weights[5] = .nan
        XCTAssertThrowsError(try ModelFile.decode(ModelFile.encode(model))) {
            XCTAssertEqual(($0 as? ModelFileError)?.code, "model_invalid")
        }
    }

    /// Found by `scripts/fuzz.sh model-file`: finite but huge weights made every probability NaN.
    func testWeightsLargeEnoughToOverflowALogitAreRefused() {
        var model = tinyModel()
        model.layers[0].weights[5] = 3e38
        XCTAssertThrowsError(try ModelFile.decode(ModelFile.encode(model))) {
            XCTAssertEqual(($0 as? ModelFileError)?.code, "model_invalid")
        }
        var tinyScale = tinyModel()
        tinyScale.network.featureScale[0] = 1e-30
        XCTAssertThrowsError(try ModelFile.decode(ModelFile.encode(tinyScale))) {
            XCTAssertEqual(($0 as? ModelFileError)?.code, "model_invalid")
        }
    }
}
