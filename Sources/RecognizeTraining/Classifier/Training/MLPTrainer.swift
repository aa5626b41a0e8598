import Foundation
import Recognize
import SessionModel

/// Trains an ``MLPModel`` from labelled drawings: seeded, augmented minibatch AdamW, then
/// temperature scaling and the unknown threshold fitted on the held-out drawings.
public struct MLPTrainer {
    /// Hyper-parameters.
    public var configuration: TrainingConfiguration
    /// The classes, in output order.
    public var classes: [PrimitiveClass]
    /// Receives one line per epoch.
    public var progress: (String) -> Void

    /// Creates a trainer.
    public init(
        configuration: TrainingConfiguration, classes: [PrimitiveClass] = PrimitiveClass.allCases,
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.classes = classes
        self.progress = progress
    }

    /// Trains on `training` and calibrates on `heldOut` (never trained on).
    public func train(_ training: [LabeledDrawing], heldOut: [LabeledDrawing]) -> MLPModel {
        let hasNone = training.contains { $0.label == nil }
        let loop = SoftmaxTraining(configuration: configuration, progress: progress)
        var network = loop.fit(
            inputCount: FeatureSpec.count, outputCount: classes.count + (hasNone ? 1 : 0), hasNone: hasNone,
            labels: training.map { classIndex($0.label) },
            rows: { epoch in featureMatrix(training, epoch: epoch) })
        let calibration = hasNone ? heldOut : heldOut.filter { $0.label != nil }
        let features = Parallel.map(calibration.count, threads: configuration.threads) { i in
            FeatureExtractor.features(of: calibration[i].strokes, frame: calibration[i].frameTuple)
                ?? [Float](repeating: 0, count: FeatureSpec.count)
        }
        loop.calibrate(
            &network, features: features, labels: calibration.map { classIndex($0.label) }, classCount: classes.count)
        return MLPModel(classes: classes, network: network)
    }

    /// Output index of a label; clutter (nil) maps to the "none" output after the classes.
    private func classIndex(_ label: PrimitiveClass?) -> Int {
        guard let label else { return classes.count }
        guard let i = classes.firstIndex(of: label) else {
            preconditionFailure("label \(label) is not a trained class")
        }
        return i
    }

    /// Row-major features of every drawing, augmented with a per-drawing seed for an epoch.
    private func featureMatrix(_ drawings: [LabeledDrawing], epoch: Int?) -> [Float] {
        let config = configuration
        let rows = Parallel.map(drawings.count, threads: config.threads) { i -> [Float] in
            var strokes = drawings[i].strokes
            var frame = drawings[i].frameSize
            if let epoch {
                var rng = SeededGenerator(seed: SoftmaxTraining.mix(config.seed, UInt64(epoch), UInt64(i)))
                (strokes, frame) = config.augmentation.apply(drawings[i], using: &rng)
            }
            return FeatureExtractor.features(of: strokes, frame: frame.map { ($0.x, $0.y) })
                ?? [Float](repeating: 0, count: FeatureSpec.count)
        }
        return rows.flatMap { $0 }
    }
}

extension LabeledDrawing {
    /// The frame as the classifier's tuple.
    var frameTuple: (width: Double, height: Double)? { frameSize.map { ($0.x, $0.y) } }
}
