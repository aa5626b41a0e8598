import Foundation
import SessionModel

/// Classifies one stroke group as a ``PrimitiveClass``: the learned part of recognition.
///
/// Pure Swift, CPU only, deterministic: the same strokes always give the same answer, bit for bit.
/// Load the committed model once with ``shipped()`` and share the value freely (it is immutable).
public struct StrokeClassifier: Sendable {
    /// The loaded model.
    public let model: MLPModel

    /// File name of the shipped model inside the module's `Resources` folder.
    public static let shippedModelName = "stroke-classifier.skcl"

    /// Wraps an already decoded model.
    public init(model: MLPModel) {
        self.model = model
    }

    /// Decodes and validates a model file's bytes.
    /// - Throws: ``ModelFileError``.
    public init(modelBytes: [UInt8]) throws {
        self.model = try ModelFile.decode(modelBytes)
    }

    /// Loads the model committed under `Sources/Recognize/Resources` (no download).
    /// - Throws: ``ModelFileError`` when the resource is missing or invalid.
    public static func shipped() throws -> StrokeClassifier {
        let data = try ShippedResource.data(shippedModelName)
        let classifier = try StrokeClassifier(modelBytes: [UInt8](data))
        classifier.warmUp()
        return classifier
    }

    /// Runs one throw-away classification so every weight page is touched at load time and the
    /// first real call is as fast as the hundredth.
    public func warmUp() {
        _ = classify(points: [[Point2(0, 0), Point2(10, 10), Point2(20, 0)]], frame: (390, 844))
    }

    /// Classifies one group of strokes.
    /// - Parameters:
    ///   - strokes: the group's strokes in drawing order, in canvas points.
    ///   - frame: the screen size when known; nil for a drawing on its own (see ``GeometricFeatures``).
    /// - Returns: every class ranked by calibrated probability; unknown for an empty group or when
    ///   the top probability is below the model's ``MLPModel/unknownThreshold``.
    public func classify(_ strokes: [[StrokePoint]], frame: (width: Double, height: Double)?) -> Classification {
        classify(points: strokes.map { $0.map { Point2($0.x, $0.y) } }, frame: frame)
    }

    /// Classifies one group of strokes given as plain points.
    public func classify(points strokes: [[Point2]], frame: (width: Double, height: Double)?) -> Classification {
        guard let features = FeatureExtractor.features(of: strokes, frame: frame) else {
            return Classification.unknownUniform(over: model.classes)
        }
        return classification(probabilities: model.probabilities(for: features))
    }

    /// Classifies a single drawing given as plain points among the twenty DoodleUINet classes.
    public func classifyDoodle(points strokes: [[Point2]]) -> (label: PrimitiveClass, confidence: Double) {
        let best = classify(points: strokes, frame: nil).best(among: PrimitiveClass.doodleClasses)
        return best.map { ($0.label, $0.probability) } ?? (PrimitiveClass.doodleClasses[0], 0)
    }

    /// Ranks probabilities and applies the unknown rule.
    func classification(probabilities: [Double]) -> Classification {
        let ranked = zip(model.classes, probabilities).enumerated()
            .sorted { a, b in a.element.1 != b.element.1 ? a.element.1 > b.element.1 : a.offset < b.offset }
            .map { Classification.Candidate(label: $0.element.0, probability: $0.element.1) }
        let none = model.hasNoneOutput ? probabilities[model.classes.count] : 0
        let unknown = UnknownRule.isUnknown(top: ranked[0].probability, none: none, threshold: model.unknownThreshold)
        return Classification(ranked: ranked, noneProbability: none, isUnknown: unknown)
    }
}

/// The "nothing fits" rule.
///
/// A group is unknown when "none of the classes" (an output trained on seeded clutter: random
/// walks and tangles, see RecognizeTraining's `PrimitiveSynthesizer.clutter(in:)`) is at least
/// as probable as the best class, or when the best class's calibrated probability is below the
/// model's threshold. The trainer fits the threshold on the held-out split: it is the 2nd
/// percentile of the top probability over correctly classified held-out drawings, clamped to
/// 0.30...0.60, so about 2% of correct answers are given up in exchange for flagging most
/// low-confidence mistakes.
/// Empty groups (no finite point) are always unknown.
public enum UnknownRule {
    /// Percentile of correct held-out top probabilities used as the threshold.
    public static let correctPercentile = 0.02
    /// Bounds for the fitted threshold.
    public static let bounds: ClosedRange<Double> = 0.30...0.60

    /// Applies the rule.
    public static func isUnknown(top: Double, none: Double, threshold: Float) -> Bool {
        none >= top || top < Double(threshold)
    }

    /// Fits the threshold from the top probabilities of correctly classified held-out samples.
    public static func fit(correctTopProbabilities: [Double]) -> Float {
        guard !correctTopProbabilities.isEmpty else { return Float(bounds.lowerBound) }
        let sorted = correctTopProbabilities.sorted()
        let index = min(sorted.count - 1, Int(Double(sorted.count) * correctPercentile))
        return Float(min(max(sorted[index], bounds.lowerBound), bounds.upperBound))
    }
}

extension Classification {
    /// The answer for a group with nothing to classify.
    static func unknownUniform(over classes: [PrimitiveClass]) -> Classification {
        let p = 1 / Double(max(classes.count, 1))
        return Classification(ranked: classes.map { Candidate(label: $0, probability: p) }, isUnknown: true)
    }
}
