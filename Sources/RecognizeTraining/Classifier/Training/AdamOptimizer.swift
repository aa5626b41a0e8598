import Foundation

/// Adam with decoupled weight decay (AdamW) over one flat parameter array.
struct AdamOptimizer {
    var beta1: Float = 0.9
    var beta2: Float = 0.999
    var epsilon: Float = 1e-8
    var weightDecay: Float
    private var m: [Float]
    private var v: [Float]
    private var step = 0

    init(parameterCount: Int, weightDecay: Float) {
        m = [Float](repeating: 0, count: parameterCount)
        v = [Float](repeating: 0, count: parameterCount)
        self.weightDecay = weightDecay
    }

    /// One update of `parameters` from `gradient` at learning rate `rate`.
    mutating func update(_ parameters: inout [Float], gradient: [Float], rate: Float, decay: Bool) {
        step += 1
        let c1 = 1 - pow(beta1, Float(step))
        let c2 = 1 - pow(beta2, Float(step))
        let (b1, b2, eps) = (beta1, beta2, epsilon)
        let wd = decay ? weightDecay * rate : 0
        parameters.withUnsafeMutableBufferPointer { p in
            m.withUnsafeMutableBufferPointer { m in
                v.withUnsafeMutableBufferPointer { v in
                    gradient.withUnsafeBufferPointer { g in
                        for i in 0..<p.count {
                            m[i] = b1 * m[i] + (1 - b1) * g[i]
                            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i]
                            p[i] -= rate * (m[i] / c1) / ((v[i] / c2).squareRoot() + eps) + wd * p[i]
                        }
                    }
                }
            }
        }
    }
}
