extension LayoutFidelity {
    /// Totals over many screens.
    public struct Summary: Hashable, Sendable, Codable {
        /// How many matched elements were measured.
        public var elements: Int
        /// Median IoU between drawn frame and layout frame.
        public var medianIoU: Double
        /// Share of elements that keep their horizontal alignment.
        public var alignmentKept: Double
        /// Distance between drawn and laid-out centres (points): median and 90th percentile.
        public var centreOffsetMedian: Double
        public var centreOffsetP90: Double
        /// The same figures per element type (raw value).
        public var byType: [String: TypeSummary]

        /// Sums `samples`.
        public init(_ samples: [Sample]) {
            elements = samples.count
            medianIoU = LayoutFidelity.quantile(samples.map(\.iou), 0.5)
            alignmentKept = LayoutFidelity.share(samples)
            centreOffsetMedian = LayoutFidelity.quantile(samples.map(\.centreOffset), 0.5)
            centreOffsetP90 = LayoutFidelity.quantile(samples.map(\.centreOffset), 0.9)
            byType = Dictionary(grouping: samples, by: \.type.rawValue).mapValues(TypeSummary.init)
        }
    }

    /// One type's layout figures.
    public struct TypeSummary: Hashable, Sendable, Codable {
        public var elements: Int
        public var alignmentKept: Double
        public var centreOffsetMedian: Double
        public var centreOffsetP90: Double

        /// Sums the samples of one type.
        public init(_ samples: [Sample]) {
            elements = samples.count
            alignmentKept = LayoutFidelity.share(samples)
            centreOffsetMedian = LayoutFidelity.quantile(samples.map(\.centreOffset), 0.5)
            centreOffsetP90 = LayoutFidelity.quantile(samples.map(\.centreOffset), 0.9)
        }
    }

    /// The share of `samples` that keep their alignment (0 when there are none).
    static func share(_ samples: [Sample]) -> Double {
        samples.isEmpty ? 0 : Double(samples.filter(\.keepsAlignment).count) / Double(samples.count)
    }

    /// The `q` quantile of `values`, interpolating between neighbours (0 when empty); 0.5 is the median.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = Int(position.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
