import Foundation
import Recognize

/// Fits the softmax temperature that minimises held-out negative log-likelihood (Guo et al. 2017).
public enum TemperatureScaling {
    /// Golden-section search over log T in [log 0.05, log 20].
    public static func fit(logits: [[Float]], labels: [Int]) -> Float {
        guard !logits.isEmpty else { return 1 }
        func nll(_ logT: Double) -> Double {
            let t = exp(logT)
            var total = 0.0
            for (row, label) in zip(logits, labels) {
                total -= log(max(Softmax.probabilities(row, temperature: t)[label], 1e-300))
            }
            return total
        }
        var lo = log(0.05)
        var hi = log(20.0)
        let phi = (5.0.squareRoot() - 1) / 2
        var a = hi - phi * (hi - lo)
        var b = lo + phi * (hi - lo)
        var fa = nll(a)
        var fb = nll(b)
        for _ in 0..<40 {
            if fa < fb {
                hi = b
                b = a
                fb = fa
                a = hi - phi * (hi - lo)
                fa = nll(a)
            } else {
                lo = a
                a = b
                fa = fb
                b = lo + phi * (hi - lo)
                fb = nll(b)
            }
        }
        return Float(exp((lo + hi) / 2))
    }
}
