import Foundation
import SessionModel

/// The ink reader's input: the pen trajectory as written, scaled by the spread of its heights and
/// resampled along each stroke, one row of ``count`` features per resampled point.
///
/// The same computation as `scripts/handwriting/ink_features.py`, which trains on it; a test pins
/// the two together through a fixture.
/// - The scale is the arc-length-weighted standard deviation of y (a lone point weighs nothing),
///   never below 0.2% of the ink's length.
/// - Each stroke is resampled every ``step`` scaled units of arc length from its start, plus its
///   last point when more than 0.3 steps remain.
/// - A row is `[dx, dy, cos, sin, y, strokeStart]`: the move from the previous row's point (for a
///   stroke's first point, the pen-up jump), clipped to ±``clip``; that move's direction; the
///   height about the weighted mean, clipped to ±``yClip``; 1 at a stroke's first point.
public enum InkFeatures {
    /// Version of this layout; a model names the version it was trained on.
    public static let version = 1
    /// Features per row.
    public static let count = 6
    /// Resampling step, in units of the ink's height spread.
    static let step = 0.6
    static let clip = 10.0
    static let yClip = 4.0
    /// Rows beyond this are not read (a line far longer than any label).
    static let maxRows = 4000

    /// The rows of `strokes` (drawing order), flattened; empty when there is no finite ink.
    public static func rows(_ strokes: [[Point2]]) -> [Float] {
        let ink = strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { !$0.isEmpty }
        guard !ink.isEmpty else { return [] }
        let (mean, scale) = meanAndScale(ink)
        let minX = ink.lazy.flatMap { $0 }.map(\.x).min()!
        var out: [Float] = []
        out.reserveCapacity(ink.reduce(0) { $0 + $1.count } * count)
        var previous: Point2?
        for stroke in ink {
            let scaled = stroke.map { Point2(($0.x - minX) / scale, ($0.y - mean) / scale) }
            for (i, p) in resample(scaled).enumerated() {
                var dx = 0.0
                var dy = 0.0
                if let previous {
                    dx = min(clip, max(-clip, p.x - previous.x))
                    dy = min(clip, max(-clip, p.y - previous.y))
                }
                let d = (dx * dx + dy * dy).squareRoot()
                let (c, s) = d > 1e-9 ? (dx / d, dy / d) : (0, 0)
                out += [Float(dx), Float(dy), Float(c), Float(s), Float(min(yClip, max(-yClip, p.y))), i == 0 ? 1 : 0]
                previous = p
                if out.count >= maxRows * count { return out }
            }
        }
        return out
    }

    /// The weighted mean of y and the scale (see the type's documentation).
    static func meanAndScale(_ ink: [[Point2]]) -> (mean: Double, scale: Double) {
        var total = 0.0
        var weighted = 0.0
        for stroke in ink where stroke.count >= 2 {
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                let w = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                total += w
                weighted += w * (a.y + b.y) / 2
            }
        }
        guard total > 0 else {
            let ys = ink.flatMap { $0.map(\.y) }
            return (ys.reduce(0, +) / Double(ys.count), 1)
        }
        let mean = weighted / total
        var variance = 0.0
        for stroke in ink where stroke.count >= 2 {
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                let w = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let m = (a.y + b.y) / 2 - mean
                variance += w * (m * m + (b.y - a.y) * (b.y - a.y) / 12)
            }
        }
        return (mean, max((variance / total).squareRoot(), total * 0.002, 1e-6))
    }

    /// Points every ``step`` of arc length from the stroke's start (repeated points dropped), and
    /// its last point when over 0.3 steps remain after the last of them.
    static func resample(_ stroke: [Point2]) -> [Point2] {
        var points = [stroke[0]]
        for p in stroke.dropFirst() where p != points[points.count - 1] { points.append(p) }
        guard points.count > 1 else { return points }
        var cumulative = [0.0]
        for (a, b) in zip(points, points.dropFirst()) {
            cumulative.append(
                cumulative[cumulative.count - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = cumulative[cumulative.count - 1]
        let n = Int((total / step).rounded(.down))
        var out = [points[0]]
        out.reserveCapacity(n + 2)
        var segment = 0
        if n >= 1 {
            for k in 1...n {
                let target = step * Double(k)
                while segment < points.count - 2 && cumulative[segment + 1] < target { segment += 1 }
                let a = points[segment]
                let b = points[segment + 1]
                let f = (target - cumulative[segment]) / (cumulative[segment + 1] - cumulative[segment])
                out.append(Point2(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f))
            }
        }
        if total - Double(n) * step > 0.3 * step { out.append(points[points.count - 1]) }
        return out
    }
}
