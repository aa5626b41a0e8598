import Foundation

/// A trained multilayer perceptron over ``FeatureSpec`` vectors that names shape classes:
/// everything the shipped stroke classifier's model file holds.
public struct MLPModel: Sendable, Hashable {
    /// Output classes, in output order.
    public var classes: [PrimitiveClass]
    /// Normalisation, weights, temperature and threshold.
    public var network: DenseNetwork

    /// Names the outputs of `network`.
    public init(classes: [PrimitiveClass], network: DenseNetwork) {
        self.classes = classes
        self.network = network
    }

    /// Creates a model; ``ModelFile`` validates shapes when reading one from disk.
    public init(
        classes: [PrimitiveClass], hasNoneOutput: Bool = false, featureMean: [Float], featureScale: [Float],
        layers: [DenseLayer], temperature: Float, unknownThreshold: Float
    ) {
        self.init(
            classes: classes,
            network: DenseNetwork(
                hasNoneOutput: hasNoneOutput, featureMean: featureMean, featureScale: featureScale, layers: layers,
                temperature: temperature, unknownThreshold: unknownThreshold))
    }

    /// Whether one more output follows the classes: "none of them" (trained on clutter).
    public var hasNoneOutput: Bool {
        get { network.hasNoneOutput }
        set { network.hasNoneOutput = newValue }
    }
    /// Hidden layers (ReLU) followed by the output layer (logits).
    public var layers: [DenseLayer] {
        get { network.layers }
        set { network.layers = newValue }
    }
    /// Per-feature mean subtracted before the first layer.
    public var featureMean: [Float] {
        get { network.featureMean }
        set { network.featureMean = newValue }
    }
    /// Per-feature scale divided by before the first layer.
    public var featureScale: [Float] {
        get { network.featureScale }
        set { network.featureScale = newValue }
    }
    /// Softmax temperature fitted on held-out data.
    public var temperature: Float {
        get { network.temperature }
        set { network.temperature = newValue }
    }
    /// A classification is unknown when its top calibrated probability is below this.
    public var unknownThreshold: Float {
        get { network.unknownThreshold }
        set { network.unknownThreshold = newValue }
    }

    /// Number of outputs: the classes, plus "none" when present.
    public var outputCount: Int { classes.count + (hasNoneOutput ? 1 : 0) }

    /// Number of inputs the first layer expects.
    public var inputCount: Int { network.inputCount }

    /// Raw logits (before temperature) for one feature vector.
    public func logits(for features: [Float]) -> [Float] { network.logits(for: features) }

    /// Calibrated probabilities for one feature vector, in ``classes`` order, then "none" when present.
    public func probabilities(for features: [Float]) -> [Double] { network.probabilities(for: features) }
}

/// Numerically stable softmax with a temperature.
public enum Softmax {
    /// The probabilities of `logits` divided by `temperature` (1 when it is not positive).
    public static func probabilities(_ logits: [Float], temperature: Double) -> [Double] {
        let t = temperature > 0 ? temperature : 1
        let scaled = logits.map { Double($0) / t }
        let top = scaled.max() ?? 0
        let exps = scaled.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }
}
