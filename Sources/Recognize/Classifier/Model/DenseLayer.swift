/// One fully connected layer: `out = inᵀ · weights + bias`, weights stored row-major as
/// `[inputCount][outputCount]` so both inference and training walk them contiguously.
public struct DenseLayer: Sendable, Hashable {
    /// Number of inputs.
    public let inputCount: Int
    /// Number of outputs.
    public let outputCount: Int
    /// `inputCount * outputCount` weights, input-major.
    public var weights: [Float]
    /// `outputCount` biases.
    public var bias: [Float]

    /// Creates a layer; the arrays must have the stated sizes.
    public init(inputCount: Int, outputCount: Int, weights: [Float], bias: [Float]) {
        precondition(weights.count == inputCount * outputCount && bias.count == outputCount)
        self.inputCount = inputCount
        self.outputCount = outputCount
        self.weights = weights
        self.bias = bias
    }

    /// Applies the layer to `batch` row-major input rows, optionally followed by ReLU.
    /// Zero inputs (common after ReLU) are skipped.
    public func apply(_ input: UnsafeBufferPointer<Float>, batch: Int = 1, relu: Bool) -> [Float] {
        let (n, m) = (inputCount, outputCount)
        precondition(input.count >= batch * n, "input too short for the layer")
        var out = [Float](repeating: 0, count: batch * m)
        weights.withUnsafeBufferPointer { w in
            out.withUnsafeMutableBufferPointer { o in
                for r in 0..<batch {
                    let row = o.baseAddress! + r * m
                    for j in 0..<m { row[j] = bias[j] }
                    for i in 0..<n {
                        let x = input[r * n + i]
                        if x == 0 { continue }
                        let wi = w.baseAddress! + i * m
                        for j in 0..<m { row[j] += x * wi[j] }
                    }
                    if relu { for j in 0..<m where row[j] < 0 { row[j] = 0 } }
                }
            }
        }
        return out
    }
}
