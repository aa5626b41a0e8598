import Foundation

/// Anti-aliased orientation maps of a normalised stroke group.
///
/// Every resampled segment deposits its length at its midpoint (bilinear splat) into the two
/// orientation channels nearest its angle (modulo 180°, or over the full turn when `directed`,
/// linear split), so the raster encodes where ink is and which way it runs. A 3x3 binomial blur
/// then makes small shifts cheap.
enum OrientationRaster {
    /// Rasterises strokes whose coordinates are already normalised to the unit square into
    /// `channels` maps of `grid` x `grid` cells.
    static func render(
        _ strokes: [[Point2]], step: Double, grid g: Int = FeatureSpec.gridSize,
        channels: Int = FeatureSpec.orientationCount,
        directed: Bool = false
    ) -> [Float] {
        let padded = g + 2
        var maps = [Double](repeating: 0, count: channels * padded * padded)
        let turn = directed ? 2 * Double.pi : Double.pi
        let sector = turn / Double(channels)
        for stroke in strokes {
            if stroke.count == 1 {
                for c in 0..<channels { splat(&maps, grid: g, channel: c, at: stroke[0], weight: 0.25 * step) }
                continue
            }
            for i in stroke.indices.dropFirst() {
                let d = stroke[i] - stroke[i - 1]
                let length = d.length
                guard length > 0 else { continue }
                var angle = atan2Positive(d.y, d.x)
                if angle >= turn { angle -= turn }
                let f = angle / sector
                let lower = Int(f.rounded(.down))
                let frac = f - Double(lower)
                let mid = (stroke[i] + stroke[i - 1]) * 0.5
                splat(&maps, grid: g, channel: lower % channels, at: mid, weight: length * (1 - frac))
                splat(&maps, grid: g, channel: (lower + 1) % channels, at: mid, weight: length * frac)
            }
        }
        return blurredInterior(maps, grid: g, channels: channels)
    }

    /// `atan2` folded into 0..<2π.
    private static func atan2Positive(_ y: Double, _ x: Double) -> Double {
        let a = atan2(y, x)
        return a < 0 ? a + 2 * Double.pi : a
    }

    private static func splat(_ maps: inout [Double], grid g: Int, channel: Int, at p: Point2, weight: Double) {
        let padded = g + 2
        let x = p.x * Double(g) + 0.5
        let y = p.y * Double(g) + 0.5  // +1 pad, -0.5 cell centre
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        let base = channel * padded * padded
        let xa = min(max(x0, 0), padded - 1)
        let xb = min(max(x0 + 1, 0), padded - 1)
        let ya = min(max(y0, 0), padded - 1)
        let yb = min(max(y0 + 1, 0), padded - 1)
        maps[base + ya * padded + xa] += weight * (1 - fx) * (1 - fy)
        maps[base + ya * padded + xb] += weight * fx * (1 - fy)
        maps[base + yb * padded + xa] += weight * (1 - fx) * fy
        maps[base + yb * padded + xb] += weight * fx * fy
    }

    /// Drops the padding ring, blurs each channel with [1 2 1]/4 both ways (zero outside), and
    /// scales by the grid size so a stroke across the box sums to about its length in cells.
    private static func blurredInterior(_ maps: [Double], grid g: Int, channels: Int) -> [Float] {
        let padded = g + 2
        var out = [Float](repeating: 0, count: channels * g * g)
        var tmp = [Double](repeating: 0, count: g * g)
        for c in 0..<channels {
            let base = c * padded * padded
            func inner(_ x: Int, _ y: Int) -> Double {
                guard x >= 0, x < g, y >= 0, y < g else { return 0 }
                return maps[base + (y + 1) * padded + (x + 1)]
            }
            for y in 0..<g {
                for x in 0..<g { tmp[y * g + x] = (inner(x, y - 1) + 2 * inner(x, y) + inner(x, y + 1)) / 4 }
            }
            for y in 0..<g {
                for x in 0..<g {
                    let left = x > 0 ? tmp[y * g + x - 1] : 0
                    let right = x < g - 1 ? tmp[y * g + x + 1] : 0
                    out[c * g * g + y * g + x] = Float((left + 2 * tmp[y * g + x] + right) / 4 * Double(g))
                }
            }
        }
        return out
    }
}
