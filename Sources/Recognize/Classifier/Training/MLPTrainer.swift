import Foundation

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
    public init(configuration: TrainingConfiguration, classes: [PrimitiveClass] = PrimitiveClass.allCases,
                progress: @escaping (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.classes = classes
        self.progress = progress
    }

    /// Trains on `training` and calibrates on `heldOut` (never trained on).
    public func train(_ training: [LabeledDrawing], heldOut: [LabeledDrawing]) -> MLPModel {
        let config = configuration
        let d = FeatureSpec.count
        let labels = training.map { classIndex($0.label) }
        let plain = featureMatrix(training, augmented: false, epoch: 0)
        let (mean, scale) = Self.standardisation(plain, rows: training.count, columns: d)

        var rng = SyntheticRandom(seed: config.seed)
        var network = Network(sizes: [d] + config.hiddenSizes + [classes.count], using: &rng)
        var optimisers = network.layers.map {
            (AdamOptimizer(parameterCount: $0.weights.count, weightDecay: config.weightDecay),
             AdamOptimizer(parameterCount: $0.bias.count, weightDecay: 0))
        }
        let stepsPerEpoch = (training.count + config.batchSize - 1) / config.batchSize
        for epoch in 0..<config.epochs {
            var inputs = featureMatrix(training, augmented: true, epoch: epoch)
            Self.standardise(&inputs, mean: mean, scale: scale)
            var order = Array(training.indices)
            var shuffle = SyntheticRandom(seed: Self.mix(config.seed, UInt64(epoch), 0x5348_5546))
            order.shuffle(using: &shuffle)
            var epochLoss = 0.0
            for step in 0..<stepsPerEpoch {
                let progressFraction = (Double(epoch) + Double(step) / Double(stepsPerEpoch)) / Double(config.epochs)
                let rate = config.learningRate * Float(0.5 * (1 + cos(Double.pi * progressFraction)))
                let batch = order[(step * config.batchSize)..<min(order.count, (step + 1) * config.batchSize)]
                let (gw, gb, loss) = batchGradients(network, inputs: inputs, batch: batch, labels: labels)
                epochLoss += loss
                for l in network.layers.indices {
                    optimisers[l].0.update(&network.layers[l].weights, gradient: gw[l], rate: rate, decay: true)
                    optimisers[l].1.update(&network.layers[l].bias, gradient: gb[l], rate: rate, decay: false)
                }
            }
            progress("epoch \(epoch + 1)/\(config.epochs) loss \(String(format: "%.4f", epochLoss / Double(training.count)))")
        }
        var model = MLPModel(classes: classes, featureMean: mean, featureScale: scale, layers: network.layers,
                             temperature: 1, unknownThreshold: Float(UnknownRule.bounds.lowerBound))
        calibrate(&model, on: heldOut)
        return model
    }

    /// Fits temperature and unknown threshold on held-out drawings.
    func calibrate(_ model: inout MLPModel, on heldOut: [LabeledDrawing]) {
        guard !heldOut.isEmpty else { return }
        let features = Parallel.map(heldOut.count, threads: configuration.threads) { i in
            FeatureExtractor.features(of: heldOut[i].strokes, frame: heldOut[i].frameTuple) ?? [Float](repeating: 0, count: FeatureSpec.count)
        }
        let frozen = model
        let logits = Parallel.map(heldOut.count, threads: configuration.threads) { frozen.logits(for: features[$0]) }
        let labels = heldOut.map { classIndex($0.label) }
        model.temperature = TemperatureScaling.fit(logits: logits, labels: labels)
        var correctTops: [Double] = []
        for (row, label) in zip(logits, labels) {
            let p = Softmax.probabilities(row, temperature: Double(model.temperature))
            let top = p.indices.max { p[$0] < p[$1] }!
            if top == label { correctTops.append(p[top]) }
        }
        model.unknownThreshold = UnknownRule.fit(correctTopProbabilities: correctTops)
    }

    private func classIndex(_ label: PrimitiveClass) -> Int {
        guard let i = classes.firstIndex(of: label) else { preconditionFailure("label \(label) is not a trained class") }
        return i
    }

    /// Minibatches are split into this many chunks whatever the thread count, so the floating-point
    /// summation order, and with it the trained model, is the same on 1 or many threads.
    static let gradientChunks = 2

    /// Gradients averaged over the batch, computed in fixed chunks and summed in chunk order.
    private func batchGradients(_ network: Network, inputs: [Float], batch: ArraySlice<Int>, labels: [Int])
        -> ([[Float]], [[Float]], Double)
    {
        let chunks = max(1, min(Self.gradientChunks, batch.count))
        let parts = Parallel.map(chunks, threads: configuration.threads) { c -> ([[Float]], [[Float]], Double) in
            let lo = batch.startIndex + batch.count * c / chunks, hi = batch.startIndex + batch.count * (c + 1) / chunks
            return network.gradients(inputs: inputs, rows: batch[lo..<hi], labels: labels)
        }
        var (gw, gb, loss) = parts[0]
        for part in parts.dropFirst() {
            for l in gw.indices {
                for i in gw[l].indices { gw[l][i] += part.0[l][i] }
                for i in gb[l].indices { gb[l][i] += part.1[l][i] }
            }
            loss += part.2
        }
        let inv = 1 / Float(batch.count)
        for l in gw.indices {
            for i in gw[l].indices { gw[l][i] *= inv }
            for i in gb[l].indices { gb[l][i] *= inv }
        }
        return (gw, gb, loss)
    }

    /// Row-major features of every drawing, augmented with a per-drawing seed when asked.
    private func featureMatrix(_ drawings: [LabeledDrawing], augmented: Bool, epoch: Int) -> [Float] {
        let config = configuration
        let rows = Parallel.map(drawings.count, threads: config.threads) { i -> [Float] in
            var strokes = drawings[i].strokes, frame = drawings[i].frameSize
            if augmented {
                var rng = SyntheticRandom(seed: Self.mix(config.seed, UInt64(epoch), UInt64(i)))
                (strokes, frame) = config.augmentation.apply(drawings[i], using: &rng)
            }
            return FeatureExtractor.features(of: strokes, frame: frame.map { ($0.x, $0.y) })
                ?? [Float](repeating: 0, count: FeatureSpec.count)
        }
        return rows.flatMap { $0 }
    }

    static func standardisation(_ x: [Float], rows: Int, columns: Int) -> ([Float], [Float]) {
        var mean = [Double](repeating: 0, count: columns), sq = [Double](repeating: 0, count: columns)
        for r in 0..<rows {
            for c in 0..<columns {
                let v = Double(x[r * columns + c])
                mean[c] += v
                sq[c] += v * v
            }
        }
        let n = Double(max(rows, 1))
        let m = mean.map { $0 / n }
        let s = (0..<columns).map { c in max((sq[c] / n - m[c] * m[c]).squareRoot(), 0.01) }
        return (m.map(Float.init), s.map(Float.init))
    }

    static func standardise(_ x: inout [Float], mean: [Float], scale: [Float]) {
        let columns = mean.count
        x.withUnsafeMutableBufferPointer { x in
            for r in 0..<(x.count / columns) {
                for c in 0..<columns { x[r * columns + c] = (x[r * columns + c] - mean[c]) / scale[c] }
            }
        }
    }

    /// Derives an independent seed from several numbers (SplitMix64 finaliser).
    static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        var g = SyntheticRandom(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F))
        return g.next()
    }
}

extension LabeledDrawing {
    /// The frame as the classifier's tuple.
    var frameTuple: (width: Double, height: Double)? { frameSize.map { ($0.x, $0.y) } }
}
