import Foundation
import Recognize
import SessionModel

/// The trainable form of ``MLPModel``'s layers: forward and backward passes over a minibatch of
/// standardised feature rows, with ReLU hidden layers and a softmax cross-entropy output.
struct Network {
    var layers: [DenseLayer]

    /// He-initialised layers of the given sizes (`sizes[0]` inputs, last = classes).
    init(sizes: [Int], using rng: inout SeededGenerator) {
        layers = (0..<(sizes.count - 1)).map { l in
            let (n, m) = (sizes[l], sizes[l + 1])
            let std = (2 / Double(n)).squareRoot()
            let weights = (0..<(n * m)).map { _ in Float(rng.normal() * std) }
            return DenseLayer(inputCount: n, outputCount: m, weights: weights, bias: [Float](repeating: 0, count: m))
        }
    }

    /// Gradients of the mean cross-entropy over the rows `rows` of `inputs`, summed (not averaged)
    /// so that chunks computed apart can be added; also returns the summed loss.
    func gradients(inputs: [Float], rows: ArraySlice<Int>, labels: [Int]) -> (
        weights: [[Float]], bias: [[Float]], loss: Double
    ) {
        let batch = rows.count
        let d = layers[0].inputCount
        var activations: [[Float]] = [[Float](repeating: 0, count: batch * d)]
        inputs.withUnsafeBufferPointer { src in
            activations[0].withUnsafeMutableBufferPointer { dst in
                for (r, row) in rows.enumerated() {
                    for i in 0..<d { dst[r * d + i] = src[row * d + i] }
                }
            }
        }
        for (l, layer) in layers.enumerated() {
            activations.append(
                activations[l].withUnsafeBufferPointer { layer.apply($0, batch: batch, relu: l < layers.count - 1) })
        }
        // Softmax cross-entropy: delta = p - y.
        let classes = layers[layers.count - 1].outputCount
        var delta = activations[activations.count - 1]
        var loss = 0.0
        for (r, row) in rows.enumerated() {
            let base = r * classes
            var top = -Float.infinity
            for j in 0..<classes { top = max(top, delta[base + j]) }
            var sum: Float = 0
            for j in 0..<classes {
                delta[base + j] = expf(delta[base + j] - top)
                sum += delta[base + j]
            }
            for j in 0..<classes { delta[base + j] /= sum }
            loss -= log(Double(max(delta[base + labels[row]], 1e-12)))
            delta[base + labels[row]] -= 1
        }
        var gradW = [[Float]](repeating: [], count: layers.count)
        var gradB = [[Float]](repeating: [], count: layers.count)
        for l in stride(from: layers.count - 1, through: 0, by: -1) {
            let layer = layers[l]
            (gradW[l], gradB[l]) = Self.parameterGradients(layer, input: activations[l], delta: delta, batch: batch)
            if l > 0 { delta = Self.backPropagate(layer, delta: delta, activation: activations[l], batch: batch) }
        }
        return (gradW, gradB, loss)
    }

    /// dW = inputᵀ·delta, db = Σ delta.
    static func parameterGradients(_ layer: DenseLayer, input: [Float], delta: [Float], batch: Int) -> (
        [Float], [Float]
    ) {
        let (n, m) = (layer.inputCount, layer.outputCount)
        var gw = [Float](repeating: 0, count: n * m)
        var gb = [Float](repeating: 0, count: m)
        input.withUnsafeBufferPointer { x in
            delta.withUnsafeBufferPointer { g in
                gw.withUnsafeMutableBufferPointer { gw in
                    for r in 0..<batch {
                        let gr = g.baseAddress! + r * m
                        for j in 0..<m { gb[j] += gr[j] }
                        for i in 0..<n {
                            let a = x[r * n + i]
                            if a == 0 { continue }
                            let row = gw.baseAddress! + i * m
                            for j in 0..<m { row[j] += a * gr[j] }
                        }
                    }
                }
            }
        }
        return (gw, gb)
    }

    /// delta of the previous layer: (delta·Wᵀ) masked by the ReLU of `activation`.
    static func backPropagate(_ layer: DenseLayer, delta: [Float], activation: [Float], batch: Int) -> [Float] {
        let (n, m) = (layer.inputCount, layer.outputCount)
        var out = [Float](repeating: 0, count: batch * n)
        layer.weights.withUnsafeBufferPointer { w in
            delta.withUnsafeBufferPointer { g in
                out.withUnsafeMutableBufferPointer { o in
                    for r in 0..<batch {
                        let gr = g.baseAddress! + r * m
                        for i in 0..<n where activation[r * n + i] > 0 {
                            let wb = w.baseAddress! + i * m
                            var s: Float = 0
                            for j in 0..<m { s += gr[j] * wb[j] }
                            o[r * n + i] = s
                        }
                    }
                }
            }
        }
        return out
    }
}
