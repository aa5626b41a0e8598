import Foundation
import Recognize
import SessionModel

/// The training loop every classifier here shares: a dense ReLU network fitted with seeded,
/// augmented minibatch AdamW under a cosine learning-rate schedule, then temperature scaling and
/// the unknown threshold fitted on held-out rows. What the rows and classes are is the caller's.
struct SoftmaxTraining {
    /// Hyper-parameters.
    var configuration: TrainingConfiguration
    /// Receives one line per epoch.
    var progress: (String) -> Void

    /// Fits a network to `labels` (output indexes; the last output is "none" when `hasNone`).
    /// - Parameter rows: the row-major feature matrix of every example for an epoch (nil: not
    ///   augmented, used for the input standardisation).
    func fit(inputCount d: Int, outputCount: Int, hasNone: Bool, labels: [Int], rows: (_ epoch: Int?) -> [Float])
        -> DenseNetwork
    {
        let config = configuration
        let (mean, scale) = Self.standardisation(rows(nil), rows: labels.count, columns: d)
        var rng = SeededGenerator(seed: config.seed)
        var network = Network(sizes: [d] + config.hiddenSizes + [outputCount], using: &rng)
        var optimisers = network.layers.map {
            (
                AdamOptimizer(parameterCount: $0.weights.count, weightDecay: config.weightDecay),
                AdamOptimizer(parameterCount: $0.bias.count, weightDecay: 0)
            )
        }
        let stepsPerEpoch = (labels.count + config.batchSize - 1) / config.batchSize
        for epoch in 0..<config.epochs {
            var inputs = rows(epoch)
            Self.standardise(&inputs, mean: mean, scale: scale)
            var order = Array(labels.indices)
            var shuffle = SeededGenerator(seed: Self.mix(config.seed, UInt64(epoch), 0x5348_5546))
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
            progress(
                "epoch \(epoch + 1)/\(config.epochs) loss \(String(format: "%.4f", epochLoss / Double(labels.count)))")
        }
        return DenseNetwork(
            hasNoneOutput: hasNone, featureMean: mean, featureScale: scale, layers: network.layers,
            temperature: 1, unknownThreshold: Float(UnknownRule.bounds.lowerBound))
    }

    /// Fits temperature and unknown threshold on held-out feature rows and their labels.
    func calibrate(_ network: inout DenseNetwork, features: [[Float]], labels: [Int], classCount: Int) {
        guard !features.isEmpty else { return }
        let frozen = network
        let logits = Parallel.map(features.count, threads: configuration.threads) { frozen.logits(for: features[$0]) }
        network.temperature = TemperatureScaling.fit(logits: logits, labels: labels)
        var correctTops: [Double] = []
        for (row, label) in zip(logits, labels) where label < classCount {
            let p = Softmax.probabilities(row, temperature: Double(network.temperature))
            let top = p.indices.max { p[$0] < p[$1] }!
            if top == label { correctTops.append(p[top]) }
        }
        network.unknownThreshold = UnknownRule.fit(correctTopProbabilities: correctTops)
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
            let lo = batch.startIndex + batch.count * c / chunks
            let hi = batch.startIndex + batch.count * (c + 1) / chunks
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

    static func standardisation(_ x: [Float], rows: Int, columns: Int) -> ([Float], [Float]) {
        var mean = [Double](repeating: 0, count: columns)
        var sq = [Double](repeating: 0, count: columns)
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

    /// Derives an independent seed from several numbers (SeededGenerator finaliser).
    static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        var g = SeededGenerator(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F))
        return g.next()
    }
}
