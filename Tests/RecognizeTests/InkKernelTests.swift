import CInkKernels
import StrokeLog
import XCTest

/// The reader's convolution kernel against a plain reference, on shapes that reach every path:
/// whole and partial blocks of rows and outputs, outputs past the last whole 8, padding at both
/// ends, strides and dilations, with and without ReLU and residual.
final class InkKernelTests: XCTestCase {
    private struct Shape {
        let length, inputs, outputs, kernel, stride, dilation: Int
    }

    private func reference(_ s: Shape, x: [Float], w: [Float], bias: [Float], relu: Bool, residual: Bool) -> [Float] {
        let outLength = (s.length - 1) / s.stride + 1
        var y = [Float](repeating: 0, count: outLength * s.outputs)
        for t in 0..<outLength {
            for o in 0..<s.outputs {
                var sum = Double(bias[o])
                for k in 0..<s.kernel {
                    let row = t * s.stride + (k - s.kernel / 2) * s.dilation
                    guard row >= 0, row < s.length else { continue }
                    for c in 0..<s.inputs {
                        sum += Double(x[row * s.inputs + c]) * Double(w[(k * s.inputs + c) * s.outputs + o])
                    }
                }
                var v = Float(sum)
                if relu { v = max(v, 0) }
                if residual { v += x[t * s.inputs + o] }
                y[t * s.outputs + o] = v
            }
        }
        return y
    }

    func testTheKernelComputesTheConvolution() {
        var generator = SeededGenerator(seed: 7)
        let shapes = [
            Shape(length: 158, inputs: 6, outputs: 64, kernel: 5, stride: 1, dilation: 1),
            Shape(length: 158, inputs: 64, outputs: 128, kernel: 5, stride: 2, dilation: 1),
            Shape(length: 79, inputs: 128, outputs: 128, kernel: 3, stride: 1, dilation: 8),
            Shape(length: 79, inputs: 128, outputs: 78, kernel: 1, stride: 1, dilation: 1),
            Shape(length: 4, inputs: 24, outputs: 24, kernel: 3, stride: 1, dilation: 2),
            Shape(length: 1, inputs: 8, outputs: 5, kernel: 3, stride: 2, dilation: 1),
        ]
        for shape in shapes {
            for (relu, residual) in [
                (false, false), (true, false), (true, shape.inputs == shape.outputs && shape.stride == 1),
            ] {
                let x = (0..<shape.length * shape.inputs).map { _ in Float.random(in: -1...1, using: &generator) }
                let w = (0..<shape.kernel * shape.inputs * shape.outputs).map { _ in
                    Float.random(in: -0.2...0.2, using: &generator)
                }
                let bias = (0..<shape.outputs).map { _ in Float.random(in: -0.5...0.5, using: &generator) }
                let outLength = (shape.length - 1) / shape.stride + 1
                var y = [Float](repeating: .nan, count: outLength * shape.outputs)
                sketchd_ink_conv1d(
                    Int32(shape.length), Int32(shape.inputs), Int32(shape.outputs), Int32(shape.kernel),
                    Int32(shape.stride),
                    Int32(shape.dilation), x, w, bias, relu ? 1 : 0, residual ? x : nil, &y)
                let expected = reference(shape, x: x, w: w, bias: bias, relu: relu, residual: residual)
                let worst = zip(y, expected).map { abs($0 - $1) }.max() ?? 0
                XCTAssertLessThan(worst, 1e-4, "\(shape), relu \(relu), residual \(residual)")
                XCTAssertFalse(y.contains { $0.isNaN }, "every output written: \(shape)")
            }
        }
    }
}
