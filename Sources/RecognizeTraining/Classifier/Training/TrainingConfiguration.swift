/// Hyper-parameters of ``MLPTrainer``; the defaults build the shipped model.
public struct TrainingConfiguration: Sendable {
    /// Sizes of the hidden layers.
    public var hiddenSizes: [Int] = [256]
    /// Passes over the training set (each with fresh augmentation).
    public var epochs = 30
    /// Drawings per Adam step.
    public var batchSize = 64
    /// Peak learning rate (cosine-decayed to zero).
    public var learningRate: Float = 1e-3
    /// Decoupled weight decay.
    public var weightDecay: Float = 1e-4
    /// Seed for initialisation, shuffling and augmentation.
    public var seed: UInt64 = 1
    /// Threads used for feature extraction and gradients (results do not depend on it).
    public var threads = 2
    /// Geometric jitter.
    public var augmentation = Augmentation()

    /// The defaults.
    public init() {}
}
