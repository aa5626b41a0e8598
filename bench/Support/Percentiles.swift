import Foundation

/// Latency samples in seconds, summarised as percentiles in milliseconds.
public struct Latencies {
    public private(set) var sorted: [Double]

    public init(_ samples: [Double]) { sorted = samples.sorted() }

    public var count: Int { sorted.count }

    /// The `q` quantile (0...1) in milliseconds (nearest rank), nil without samples.
    public func milliseconds(_ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        return sorted[max(0, min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1))] * 1000
    }

    /// "p50 … ms  p95 … ms  p99 … ms  max … ms  (n=…)", or "n/a".
    public var summary: String {
        guard let max = sorted.last else { return "n/a" }
        return String(
            format: "p50 %.2f ms  p95 %.2f ms  p99 %.2f ms  max %.2f ms  (n=%d)",
            milliseconds(0.5)!, milliseconds(0.95)!, milliseconds(0.99)!, max * 1000, count)
    }
}
