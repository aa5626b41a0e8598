/// Resamples strokes to evenly spaced points along their arc length.
///
/// DoodleUINet encodes four classes with many duplicated points; resampling makes point counts
/// and spacing depend on the shape only, never on how the drawing was recorded.
public enum ArcLengthResampler {
    /// Resamples one stroke so consecutive points are `step` apart (the last gap may be shorter).
    /// A stroke of zero length comes back as its first point alone.
    public static func resample(_ stroke: [Point2], step: Double) -> [Point2] {
        guard let first = stroke.first else { return [] }
        var total = 0.0
        for i in stroke.indices.dropFirst() { total += (stroke[i] - stroke[i - 1]).length }
        guard total > 1e-12, step > 0 else { return [first] }
        let count = Int((total / step).rounded(.up)) + 1
        let spacing = total / Double(count - 1)
        var out: [Point2] = []
        out.reserveCapacity(count)
        out.append(first)
        var segmentIndex = 1
        var walked = 0.0  // arc length at stroke[segmentIndex - 1]
        for k in 1..<(count - 1) {
            let target = Double(k) * spacing
            while segmentIndex < stroke.count {
                let segment = (stroke[segmentIndex] - stroke[segmentIndex - 1]).length
                if walked + segment >= target && segment > 0 {
                    let f = (target - walked) / segment
                    out.append(stroke[segmentIndex - 1] + (stroke[segmentIndex] - stroke[segmentIndex - 1]) * f)
                    break
                }
                walked += segment
                segmentIndex += 1
            }
        }
        out.append(stroke[stroke.count - 1])
        return out
    }

    /// Arc length of a polyline.
    public static func length(of stroke: [Point2]) -> Double {
        var total = 0.0
        for i in stroke.indices.dropFirst() { total += (stroke[i] - stroke[i - 1]).length }
        return total
    }
}
