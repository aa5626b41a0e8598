import Foundation
import Recognize
import StrokeLog

/// Trains a ``GlyphModel``: the shared softmax training loop over ``GlyphFeatures``, with the
/// jitter of handwriting (slant, rotation, stretch, tremor) fresh every epoch.
public struct GlyphTrainer {
    /// Hyper-parameters (hidden sizes, epochs, rate, seed, threads).
    public var configuration: TrainingConfiguration
    /// Receives one line per epoch.
    public var progress: (String) -> Void

    /// The configuration the shipped glyph model is trained with.
    public static var shippedConfiguration: TrainingConfiguration {
        var c = TrainingConfiguration()
        c.hiddenSizes = [256]
        c.epochs = 80
        c.learningRate = 1.5e-3
        c.augmentation = Augmentation()
        c.augmentation.rotation = 0.12
        c.augmentation.logScale = 0.3
        c.augmentation.shear = 0.35
        c.augmentation.strokeShift = 0.03
        c.augmentation.tremor = 0.005
        c.augmentation.placeOnFrame = 0
        c.augmentation.dropFrame = 0
        return c
    }

    /// Creates a trainer.
    public init(configuration: TrainingConfiguration = GlyphTrainer.shippedConfiguration, progress: @escaping (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.progress = progress
    }

    /// Trains on `data.training` and calibrates on `data.validation`.
    public func train(_ data: GlyphTrainingData) -> GlyphModel {
        let glyphs = GlyphModel.alphabet
        let index = Dictionary(uniqueKeysWithValues: glyphs.enumerated().map { ($1, $0) })
        func label(_ sample: GlyphSample) -> Int { sample.glyph.map { index[$0]! } ?? glyphs.count }
        let loop = SoftmaxTraining(configuration: configuration, progress: progress)
        let training = data.training, config = configuration
        var network = loop.fit(
            inputCount: GlyphFeatures.count, outputCount: glyphs.count + 1, hasNone: true, labels: training.map(label),
            rows: { epoch in
                Parallel.map(training.count, threads: config.threads) { i -> [Float] in
                    var strokes = training[i].strokes
                    if let epoch {
                        var rng = SeededGenerator(seed: SoftmaxTraining.mix(config.seed, UInt64(epoch), UInt64(i)))
                        strokes = config.augmentation.apply(strokes, frame: nil, using: &rng).strokes
                    }
                    return GlyphFeatures.features(of: strokes) ?? [Float](repeating: 0, count: GlyphFeatures.count)
                }.flatMap { $0 }
            })
        let validation = data.validation
        let features = Parallel.map(validation.count, threads: config.threads) {
            GlyphFeatures.features(of: validation[$0].strokes) ?? [Float](repeating: 0, count: GlyphFeatures.count)
        }
        loop.calibrate(&network, features: features, labels: validation.map(label), classCount: glyphs.count)
        return GlyphModel(glyphs: glyphs, network: network)
    }
}
