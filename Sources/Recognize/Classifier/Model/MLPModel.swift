import Foundation

/// A trained multilayer perceptron over ``FeatureSpec`` vectors, with its input normalisation,
/// temperature and unknown threshold: everything the model file holds.
public struct MLPModel: Sendable, Hashable {
    /// Output classes, in output order.
    public var classes: [PrimitiveClass]
    /// Whether one more output follows the classes: "none of them" (trained on clutter).
    public var hasNoneOutput: Bool
    /// Per-feature mean subtracted before the first layer.
    public var featureMean: [Float]
    /// Per-feature scale divided by before the first layer (always > 0).
    public var featureScale: [Float]
    /// Hidden layers (ReLU) followed by the output layer (logits).
    public var layers: [DenseLayer]
    /// Softmax temperature fitted on held-out data (logits are divided by it).
    public var temperature: Float
    /// A classification is unknown when its top calibrated probability is below this.
    public var unknownThreshold: Float

    /// Creates a model; ``ModelFile`` validates shapes when reading one from disk.
    public init(classes: [PrimitiveClass], hasNoneOutput: Bool = false, featureMean: [Float], featureScale: [Float],
                layers: [DenseLayer], temperature: Float, unknownThreshold: Float) {
        self.classes = classes
        self.hasNoneOutput = hasNoneOutput
        self.featureMean = featureMean
        self.featureScale = featureScale
        self.layers = layers
        self.temperature = temperature
        self.unknownThreshold = unknownThreshold
    }

    /// Number of outputs: the classes, plus "none" when present.
    public var outputCount: Int { classes.count + (hasNoneOutput ? 1 : 0) }

    /// Number of inputs the first layer expects.
    public var inputCount: Int { featureMean.count }

    /// Raw logits (before temperature) for one feature vector.
    public func logits(for features: [Float]) -> [Float] {
        precondition(features.count == inputCount, "feature vector has the wrong length")
        var x = [Float](repeating: 0, count: inputCount)
        for i in 0..<inputCount { x[i] = (features[i] - featureMean[i]) / featureScale[i] }
        for (index, layer) in layers.enumerated() {
            let isLast = index == layers.count - 1
            x = x.withUnsafeBufferPointer { layer.apply($0, relu: !isLast) }
        }
        return x
    }

    /// Calibrated probabilities for one feature vector, in ``classes`` order, then "none" when present.
    public func probabilities(for features: [Float]) -> [Double] {
        Softmax.probabilities(logits(for: features), temperature: Double(temperature))
    }
}

/// Numerically stable softmax with a temperature.
enum Softmax {
    static func probabilities(_ logits: [Float], temperature: Double) -> [Double] {
        let t = temperature > 0 ? temperature : 1
        let scaled = logits.map { Double($0) / t }
        let top = scaled.max() ?? 0
        let exps = scaled.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }
}
