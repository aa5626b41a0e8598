import CInkKernels
import Foundation

/// Runs an ``InkReaderModel`` on feature rows: each convolution, and the output layer as one of
/// kernel 1, in `CInkKernels` (AVX2 and FMA where the processor has them), then a log-softmax per
/// frame. The weights are laid out tap-major once, at creation.
struct InkNetwork: Sendable {
    let model: InkReaderModel
    /// Per layer (the convolutions, then the output layer): its shape and weights as
    /// [kernel][in][out].
    private let layers: [(spec: InkReaderModel.Convolution, weights: [Float], bias: [Float], relu: Bool)]

    init(model: InkReaderModel) {
        self.model = model
        var layers = zip(model.header.convolutions, model.convolutionWeights).map { spec, w in
            (
                spec: spec, weights: Self.tapMajor(w.weights, out: spec.out, in: spec.in, kernel: spec.kernel),
                bias: w.bias, relu: true
            )
        }
        let width = model.header.convolutions.last?.out ?? InkFeatures.count
        let classes = model.header.classes
        let output = InkReaderModel.Convolution(
            in: width, out: classes, kernel: 1, stride: 1, dilation: 1, residual: false)
        layers.append(
            (output, Self.tapMajor(model.outputWeights, out: classes, in: width, kernel: 1), model.outputBias, false))
        self.layers = layers
    }

    /// PyTorch's [out][in][kernel] as [kernel][in][out].
    private static func tapMajor(_ w: [Float], out: Int, in inputs: Int, kernel: Int) -> [Float] {
        var t = [Float](repeating: 0, count: w.count)
        for o in 0..<out {
            for c in 0..<inputs {
                for k in 0..<kernel { t[(k * inputs + c) * out + o] = w[(o * inputs + c) * kernel + k] }
            }
        }
        return t
    }

    /// Per output frame, the log-probabilities of blank (index 0) and each character; `rows` holds
    /// ``InkFeatures/count`` values per row.
    func logProbabilities(_ rows: [Float]) -> CTCFrames {
        var length = rows.count / InkFeatures.count
        guard length > 0 else { return CTCFrames(classes: model.header.classes, values: []) }
        var x = rows
        for layer in layers {
            let spec = layer.spec
            let outLength = (length - 1) / spec.stride + 1
            var y = [Float](repeating: 0, count: outLength * spec.out)
            x.withUnsafeBufferPointer { input in
                layer.weights.withUnsafeBufferPointer { weights in
                    layer.bias.withUnsafeBufferPointer { bias in
                        y.withUnsafeMutableBufferPointer { output in
                            sketchd_ink_conv1d(
                                Int32(length), Int32(spec.in), Int32(spec.out), Int32(spec.kernel), Int32(spec.stride),
                                Int32(spec.dilation),
                                input.baseAddress, weights.baseAddress, bias.baseAddress, layer.relu ? 1 : 0,
                                spec.residual ? input.baseAddress : nil, output.baseAddress)
                        }
                    }
                }
            }
            x = y
            length = outLength
        }
        let classes = model.header.classes
        for t in 0..<length {
            let frame = t * classes
            var top = -Float.infinity
            for k in 0..<classes { top = max(top, x[frame + k]) }
            var sum: Float = 0
            for k in 0..<classes { sum += expf(x[frame + k] - top) }
            let logSum = top + logf(sum)
            for k in 0..<classes { x[frame + k] -= logSum }
        }
        return CTCFrames(classes: classes, values: x)
    }
}

/// A network's output: per frame, log-probabilities of blank (0) and each character.
struct CTCFrames: Sendable {
    let classes: Int
    let values: [Float]
    var count: Int { classes == 0 ? 0 : values.count / classes }
    subscript(frame: Int, label: Int) -> Float { values[frame * classes + label] }
}
