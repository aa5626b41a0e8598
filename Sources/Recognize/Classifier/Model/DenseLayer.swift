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

    /// Applies the layer to one input vector, optionally followed by ReLU.
    func apply(_ input: UnsafeBufferPointer<Float>, relu: Bool) -> [Float] {
        var out = bias
        let n = outputCount
        weights.withUnsafeBufferPointer { w in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<inputCount {
                    let x = input[i]
                    if x == 0 { continue }
                    let row = i * n
                    for j in 0..<n { o[j] += x * w[row + j] }
                }
                if relu { for j in 0..<n where o[j] < 0 { o[j] = 0 } }
            }
        }
        return out
    }
}
