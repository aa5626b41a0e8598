import Foundation
import Recognize

/// Fits the reader's confidence (``ReadingConfidence``) to how often its readings are right, by
/// logistic regression (Newton's method, a little L2), and tabulates how well a confidence holds.
public enum ConfidenceFit {
    /// The calibration that maps each reading's evidence to the chance it is right.
    public static func fit(_ evidence: [ReadingConfidence.Evidence], right: [Bool], l2: Double = 1e-3)
        -> InkReaderModel.Calibration
    {
        let xs = evidence.map { $0.features + [1] }
        let n = xs.first?.count ?? 1
        var w = [Double](repeating: 0, count: n)
        for _ in 0..<50 {
            var gradient = [Double](repeating: 0, count: n)
            var hessian = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            for (x, y) in zip(xs, right) {
                let p = 1 / (1 + exp(-zip(w, x).reduce(0) { $0 + $1.0 * $1.1 }))
                for i in 0..<n {
                    gradient[i] += (p - (y ? 1 : 0)) * x[i]
                    for j in 0..<n { hessian[i][j] += p * (1 - p) * x[i] * x[j] }
                }
            }
            for i in 0..<n {
                gradient[i] += l2 * w[i] * Double(xs.count)
                hessian[i][i] += l2 * Double(xs.count) + 1e-9
            }
            guard let step = solve(hessian, gradient) else { break }
            for i in 0..<n { w[i] -= step[i] }
            if step.map(abs).max() ?? 0 < 1e-8 { break }
        }
        return InkReaderModel.Calibration(weights: Array(w.dropLast()), bias: w.last ?? 0)
    }

    /// One row of a reliability table: readings whose confidence fell in `range`.
    public struct Bin: Sendable, Encodable {
        public var range: String
        public var readings: Int
        public var meanConfidence: Double
        public var right: Double
    }

    /// Readings binned by confidence in tenths: the mean confidence beside the share right.
    public static func reliability(_ confidences: [Double], right: [Bool]) -> [Bin] {
        (0..<10).compactMap { b in
            let lo = Double(b) / 10
            let hi = Double(b + 1) / 10
            let members = confidences.indices.filter {
                confidences[$0] >= lo && (confidences[$0] < hi || (b == 9 && confidences[$0] <= 1))
            }
            guard !members.isEmpty else { return nil }
            let n = Double(members.count)
            return Bin(
                range: String(format: "%.1f-%.1f", lo, hi), readings: members.count,
                meanConfidence: (members.reduce(0) { $0 + confidences[$1] } / n * 1000).rounded() / 1000,
                right: (Double(members.filter { right[$0] }.count) / n * 1000).rounded() / 1000)
        }
    }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a.enumerated().map { $1 + [b[$0]] }
        let n = b.count
        for c in 0..<n {
            guard let pivot = (c..<n).max(by: { abs(m[$0][c]) < abs(m[$1][c]) }), abs(m[pivot][c]) > 1e-12 else {
                return nil
            }
            m.swapAt(c, pivot)
            for r in 0..<n where r != c {
                let f = m[r][c] / m[c][c]
                for k in c...n { m[r][k] -= f * m[c][k] }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
