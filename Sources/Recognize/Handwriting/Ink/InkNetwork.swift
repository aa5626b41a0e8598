import COpenBLAS
import Foundation

/// Runs an ``InkReaderModel`` on feature rows: each convolution as one matrix product of its
/// unrolled input (OpenBLAS, one thread: the recognition pool runs readings side by side) with
/// its weights, then the output layer and a log-softmax per frame.
struct InkNetwork: Sendable {
    let model: InkReaderModel

    private static let singleThreaded: Void = { openblas_set_num_threads(1) }()

    init(model: InkReaderModel) {
        _ = Self.singleThreaded
        self.model = model
    }

    /// Per output frame, the log-probabilities of blank (index 0) and each character; `rows` holds
    /// ``InkFeatures/count`` values per row.
    func logProbabilities(_ rows: [Float]) -> CTCFrames {
        var width = InkFeatures.count
        var length = rows.count / width
        var x = rows
        guard length > 0 else { return CTCFrames(classes: model.header.classes, values: []) }
        for (spec, weights) in zip(model.header.convolutions, model.convolutionWeights) {
            let outLength = (length - 1) / spec.stride + 1
            let unrolledWidth = spec.in * spec.kernel
            var unrolled = [Float](repeating: 0, count: outLength * unrolledWidth)
            let half = spec.kernel / 2
            unrolled.withUnsafeMutableBufferPointer { u in
                x.withUnsafeBufferPointer { xs in
                    for t in 0..<outLength {
                        let centre = t * spec.stride
                        for k in 0..<spec.kernel {
                            let source = centre + (k - half) * spec.dilation
                            guard source >= 0, source < length else { continue }
                            for c in 0..<spec.in { u[t * unrolledWidth + c * spec.kernel + k] = xs[source * width + c] }
                        }
                    }
                }
            }
            var y = [Float](repeating: 0, count: outLength * spec.out)
            for t in 0..<outLength { for o in 0..<spec.out { y[t * spec.out + o] = weights.bias[o] } }
            cblas_sgemm(
                CblasRowMajor, CblasNoTrans, CblasTrans, Int32(outLength), Int32(spec.out), Int32(unrolledWidth), 1,
                unrolled, Int32(unrolledWidth), weights.weights, Int32(unrolledWidth), 1, &y, Int32(spec.out))
            for i in y.indices where y[i] < 0 { y[i] = 0 }
            if spec.residual { for i in y.indices { y[i] += x[i] } }
            x = y
            width = spec.out
            length = outLength
        }
        let classes = model.header.classes
        var logits = [Float](repeating: 0, count: length * classes)
        for t in 0..<length { for k in 0..<classes { logits[t * classes + k] = model.outputBias[k] } }
        cblas_sgemm(
            CblasRowMajor, CblasNoTrans, CblasTrans, Int32(length), Int32(classes), Int32(width), 1,
            x, Int32(width), model.outputWeights, Int32(width), 1, &logits, Int32(classes))
        for t in 0..<length {
            let frame = t * classes
            var top = -Float.infinity
            for k in 0..<classes { top = max(top, logits[frame + k]) }
            var sum: Float = 0
            for k in 0..<classes { sum += expf(logits[frame + k] - top) }
            let logSum = top + logf(sum)
            for k in 0..<classes { logits[frame + k] -= logSum }
        }
        return CTCFrames(classes: classes, values: logits)
    }
}

/// A network's output: per frame, log-probabilities of blank (0) and each character.
struct CTCFrames: Sendable {
    let classes: Int
    let values: [Float]
    var count: Int { classes == 0 ? 0 : values.count / classes }
    subscript(frame: Int, label: Int) -> Float { values[frame * classes + label] }
}
