import Foundation

/// How much a stroke waves about its own axis: a squiggle (text) swings from side to side several
/// times, a ruled line (a divider, a slider's track) does not, however stretched or bowed it is.
///
/// Measured on the stroke resampled to even spacing and lightly smoothed, so neither the client's
/// point density nor hand jitter counts. Offsets are taken across the stroke's principal axis,
/// with a quadratic trend removed (a bowed line is still a line), and swings are counted with
/// hysteresis.
struct Waviness: Sendable, Hashable {
    /// Alternating excursions to either side of the axis, beyond the hysteresis.
    let swings: Int
    /// The spread (points) of the detrended offsets across the axis.
    let amplitude: Double
    /// How many times the stroke crosses its own height: the total movement across the axis
    /// over the spread across it (about 1 for an L-shaped corner, several for a squiggle).
    let crossings: Double
    /// How far the stroke gets from its start along its axis, over its extent along the axis: near
    /// 1 for a squiggle written left to right, near 0 for a closed shape.
    let progress: Double

    /// The least number of swings of a wave (one and a half periods).
    static let minimumSwings = 3
    /// The least spread (points) of a wave: a squiggle drawn 4 pt tall still waves this much.
    static let minimumAmplitude = 2.5

    /// Whether the stroke is a wave (text), not a straight or bowed line.
    var isWavy: Bool {
        guard amplitude >= Self.minimumAmplitude, progress >= 0.6 else { return false }
        // Few swings must cross the whole height often; many swings may be uneven.
        return (swings >= Self.minimumSwings && crossings >= 2.2)
            || (swings >= Self.minimumSwings + 1 && crossings >= 1.5)
    }

    init(points raw: [Point2]) {
        let length = ArcLengthResampler.length(of: raw)
        guard raw.count >= 2, length > 0 else {
            (swings, amplitude, progress, crossings) = (0, 0, 0, 0)
            return
        }
        let even = ArcLengthResampler.resample(raw, step: max(1.5, length / 120))
        let points = Self.smoothed(even)
        // Principal axis of the points.
        let n = Double(points.count)
        let mx = points.map { $0.x }.reduce(0, +) / n
        let my = points.map { $0.y }.reduce(0, +) / n
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            syy += (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (p.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let (ux, uy) = (cos(angle), sin(angle))
        let along = points.map { ($0.x - mx) * ux + ($0.y - my) * uy }
        let across = points.map { -($0.x - mx) * uy + ($0.y - my) * ux }
        let height = (across.max() ?? 0) - (across.min() ?? 0)
        let travel = zip(across, across.dropFirst()).map { abs($1 - $0) }.reduce(0, +)
        crossings = height > 0 ? travel / height : 0
        let span = (along.max() ?? 0) - (along.min() ?? 0)
        progress = span > 0 ? abs(along[along.count - 1] - along[0]) / span : 0
        let residual = Self.detrended(across, along: along)
        let spread = (residual.max() ?? 0) - (residual.min() ?? 0)
        amplitude = spread
        let hysteresis = max(1.0, 0.25 * spread)
        var side = 0
        var count = 0
        for r in residual {
            if r > hysteresis / 2, side != 1 {
                side = 1
                count += 1
            } else if r < -hysteresis / 2, side != -1 {
                side = -1
                count += 1
            }
        }
        swings = count
    }

    /// A three-point moving average (the ends kept).
    private static func smoothed(_ p: [Point2]) -> [Point2] {
        guard p.count >= 3 else { return p }
        var out = p
        for i in 1..<(p.count - 1) {
            out[i] = Point2((p[i - 1].x + p[i].x + p[i + 1].x) / 3, (p[i - 1].y + p[i].y + p[i + 1].y) / 3)
        }
        return out
    }

    /// `values` minus their least-squares quadratic in `along`.
    private static func detrended(_ values: [Double], along t: [Double]) -> [Double] {
        // Normal equations for a + b t + c t², with t scaled to about [-1, 1] for conditioning.
        let scale = max(t.map(abs).max() ?? 1, 1e-9)
        let s = t.map { $0 / scale }
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var v = [Double](repeating: 0, count: 3)
        for (x, y) in zip(s, values) {
            let powers = [1, x, x * x]
            for i in 0..<3 {
                v[i] += powers[i] * y
                for j in 0..<3 { m[i][j] += powers[i] * powers[j] }
            }
        }
        guard let c = solve3(m, v) else { return values.map { $0 - values.reduce(0, +) / Double(values.count) } }
        return zip(s, values).map { x, y in y - (c[0] + c[1] * x + c[2] * x * x) }
    }

    /// Solves a 3x3 linear system by Cramer's rule; nil when it is singular.
    private static func solve3(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 else { return nil }
        return (0..<3).map { k in
            var a = m
            for i in 0..<3 { a[i][k] = v[i] }
            return det(a) / d
        }
    }
}

extension Waviness {
    /// The waviness of strokes read as one path, left to right (a squiggle drawn in several
    /// strokes, each a hump or two).
    init(inks: [Ink]) {
        self.init(
            points: inks.sorted { ($0.frame.minX, $0.order) < ($1.frame.minX, $1.order) }.flatMap {
                $0.points.map { Point2($0.x, $0.y) }
            })
    }
}
