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
    ///
    /// Each block of 32 outputs is summed in registers over every input, instead of the whole
    /// output row being loaded and stored again for each input; every output still adds its
    /// terms in input order, so the results are the same to the bit.
    public func apply(_ input: UnsafeBufferPointer<Float>, batch: Int = 1, relu: Bool) -> [Float] {
        let (n, m) = (inputCount, outputCount)
        precondition(input.count >= batch * n, "input too short for the layer")
        var out = [Float](repeating: 0, count: batch * m)
        weights.withUnsafeBufferPointer { w in
            bias.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    for r in 0..<batch {
                        let x = UnsafeBufferPointer(rebasing: input[(r * n)..<(r * n + n)])
                        let row = o.baseAddress! + r * m
                        var j = 0
                        while j + 32 <= m {
                            Self.sum32(
                                x, weights: w.baseAddress! + j, stride: m, bias: b.baseAddress! + j, into: row + j)
                            j += 32
                        }
                        while j + 4 <= m {
                            Self.sum4(
                                x, weights: w.baseAddress! + j, stride: m, bias: b.baseAddress! + j, into: row + j)
                            j += 4
                        }
                        while j < m {
                            var sum = b[j]
                            for i in 0..<n where x[i] != 0 { sum += x[i] * w[i * m + j] }
                            row[j] = sum
                            j += 1
                        }
                        if relu { for j in 0..<m where row[j] < 0 { row[j] = 0 } }
                    }
                }
            }
        }
        return out
    }

    /// Outputs `0..<32` of a block (`weights` and `bias` start at its first column).
    @inline(__always)
    private static func sum32(
        _ x: UnsafeBufferPointer<Float>, weights: UnsafePointer<Float>, stride: Int, bias: UnsafePointer<Float>,
        into out: UnsafeMutablePointer<Float>
    ) {
        let start = UnsafeRawPointer(bias)
        var a0 = start.loadUnaligned(fromByteOffset: 0, as: SIMD4<Float>.self)
        var a1 = start.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
        var a2 = start.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self)
        var a3 = start.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self)
        var a4 = start.loadUnaligned(fromByteOffset: 64, as: SIMD4<Float>.self)
        var a5 = start.loadUnaligned(fromByteOffset: 80, as: SIMD4<Float>.self)
        var a6 = start.loadUnaligned(fromByteOffset: 96, as: SIMD4<Float>.self)
        var a7 = start.loadUnaligned(fromByteOffset: 112, as: SIMD4<Float>.self)
        for i in 0..<x.count {
            let value = x[i]
            if value == 0 { continue }
            let v = SIMD4<Float>(repeating: value)
            let w = UnsafeRawPointer(weights + i * stride)
            a0 += v * w.loadUnaligned(fromByteOffset: 0, as: SIMD4<Float>.self)
            a1 += v * w.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
            a2 += v * w.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self)
            a3 += v * w.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self)
            a4 += v * w.loadUnaligned(fromByteOffset: 64, as: SIMD4<Float>.self)
            a5 += v * w.loadUnaligned(fromByteOffset: 80, as: SIMD4<Float>.self)
            a6 += v * w.loadUnaligned(fromByteOffset: 96, as: SIMD4<Float>.self)
            a7 += v * w.loadUnaligned(fromByteOffset: 112, as: SIMD4<Float>.self)
        }
        let end = UnsafeMutableRawPointer(out)
        end.storeBytes(of: a0, toByteOffset: 0, as: SIMD4<Float>.self)
        end.storeBytes(of: a1, toByteOffset: 16, as: SIMD4<Float>.self)
        end.storeBytes(of: a2, toByteOffset: 32, as: SIMD4<Float>.self)
        end.storeBytes(of: a3, toByteOffset: 48, as: SIMD4<Float>.self)
        end.storeBytes(of: a4, toByteOffset: 64, as: SIMD4<Float>.self)
        end.storeBytes(of: a5, toByteOffset: 80, as: SIMD4<Float>.self)
        end.storeBytes(of: a6, toByteOffset: 96, as: SIMD4<Float>.self)
        end.storeBytes(of: a7, toByteOffset: 112, as: SIMD4<Float>.self)
    }

    /// Outputs `0..<4` of a block, as ``sum32(_:weights:stride:bias:into:)``.
    @inline(__always)
    private static func sum4(
        _ x: UnsafeBufferPointer<Float>, weights: UnsafePointer<Float>, stride: Int, bias: UnsafePointer<Float>,
        into out: UnsafeMutablePointer<Float>
    ) {
        var sum = UnsafeRawPointer(bias).loadUnaligned(as: SIMD4<Float>.self)
        for i in 0..<x.count {
            let value = x[i]
            if value == 0 { continue }
            sum +=
                SIMD4<Float>(repeating: value)
                * UnsafeRawPointer(weights + i * stride).loadUnaligned(as: SIMD4<Float>.self)
        }
        UnsafeMutableRawPointer(out).storeBytes(of: sum, as: SIMD4<Float>.self)
    }
}
