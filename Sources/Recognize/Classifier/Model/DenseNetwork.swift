import Foundation

/// The part of a trained classifier that does not depend on what its classes are: input
/// normalisation, dense layers, temperature and unknown threshold. ``MLPModel`` (shape classes)
/// names its outputs; ``ModelFile`` stores it.
public struct DenseNetwork: Sendable, Hashable {
    /// Whether one more output follows the classes: "none of them".
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

    /// Creates a network; ``ModelFile`` validates shapes when reading one from disk.
    public init(
        hasNoneOutput: Bool, featureMean: [Float], featureScale: [Float], layers: [DenseLayer], temperature: Float,
        unknownThreshold: Float
    ) {
        self.hasNoneOutput = hasNoneOutput
        self.featureMean = featureMean
        self.featureScale = featureScale
        self.layers = layers
        self.temperature = temperature
        self.unknownThreshold = unknownThreshold
    }

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

    /// Calibrated probabilities for one feature vector, in output order.
    public func probabilities(for features: [Float]) -> [Double] {
        Softmax.probabilities(logits(for: features), temperature: Double(temperature))
    }
}
