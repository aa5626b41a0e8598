import Foundation
import Recognize
import SessionModel

/// The pen of every synthetic drawing: turns an ideal path into a stroke that looks drawn by hand.
///
/// Two hands, each behind data whose figures are published, so neither is rewritten in terms of
/// the other: ``trace(_:scale:using:)``, the careful one of the classifier's training primitives
/// (browser-like spacing, a slow sideways wobble, a little tremor), and ``shake(_:sigma:using:)``,
/// the quick one of generated screens (a sample every 3 points or so, each jittered).
public struct HandDrawnPen: Sendable {
    /// Wobble amplitude as a fraction of the shape's size.
    public var wobble: ClosedRange<Double> = 0.004...0.02
    /// Tremor (per-point noise) in canvas points.
    public var tremor: ClosedRange<Double> = 0.05...0.5
    /// Distance between sampled points in canvas points.
    public var spacing: ClosedRange<Double> = 1.5...5

    /// A pen with the default style.
    public init() {}

    /// Traces `ideal` (a polyline, densely sampled or not) for a shape whose size is `scale` points.
    public func trace(_ ideal: [Point2], scale: Double, using rng: inout SeededGenerator) -> [Point2] {
        guard ideal.count > 1 else { return ideal }
        let length = ArcLengthResampler.length(of: ideal)
        guard length > 0 else { return [ideal[0]] }
        let step = min(rng.uniform(spacing), max(length / 3, 0.25))
        let path = ArcLengthResampler.resample(ideal, step: step)
        let amplitude = rng.uniform(wobble) * scale
        let cycles1 = rng.uniform(0.3...2.0)
        let cycles2 = rng.uniform(2.0...6.0)
        let phase1 = rng.uniform(0...(2 * Double.pi))
        let phase2 = rng.uniform(0...(2 * Double.pi))
        let noise = rng.uniform(tremor)
        var out: [Point2] = []
        out.reserveCapacity(path.count)
        for i in path.indices {
            let t = Double(i) / Double(max(path.count - 1, 1))
            let a = path[max(i - 1, 0)]
            let b = path[min(i + 1, path.count - 1)]
            let tangent = b - a
            let norm = tangent.length
            let normal = norm > 0 ? Point2(-tangent.y / norm, tangent.x / norm) : Point2(0, 0)
            let offset =
                amplitude
                * (sin(2 * Double.pi * cycles1 * t + phase1) + 0.3 * sin(2 * Double.pi * cycles2 * t + phase2))
            let jitter = Point2(rng.normal(), rng.normal()) * noise
            out.append(path[i] + normal * offset + jitter)
        }
        return out
    }

    /// Walks `path` segment by segment with a sample about every 3 points (and its last point),
    /// moving each sample by normal noise of `sigma` points, x then y.
    public static func shake(_ path: [Point2], sigma: Double, using rng: inout SeededGenerator) -> [Point2] {
        var points: [Point2] = []
        for (a, b) in zip(path, path.dropFirst()) {
            let steps = max(1, Int(hypot(b.x - a.x, b.y - a.y) / 3))
            for step in 0..<steps {
                let f = Double(step) / Double(steps)
                points.append(jittered(Point2(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f), sigma: sigma, using: &rng))
            }
        }
        if let last = path.last { points.append(jittered(last, sigma: sigma, using: &rng)) }
        return points
    }

    private static func jittered(_ p: Point2, sigma: Double, using rng: inout SeededGenerator) -> Point2 {
        let x = p.x + rng.gaussian(sigma: sigma)
        let y = p.y + rng.gaussian(sigma: sigma)
        return Point2(x, y)
    }
}
