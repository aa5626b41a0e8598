import Foundation

/// Turns the strokes of one handwritten character candidate into the glyph model's features.
///
/// The strokes are centred on their box and scaled by its longer side (aspect kept), resampled by
/// arc length, and described by undirected orientation maps (where the ink runs which way), a
/// coarse map of pen directions (handwriting's order and direction carry what a raster loses),
/// the box's aspect, the stroke count and where the pen started and ended. Invariant to
/// translation and uniform scale, so a letter reads the same at any size on the canvas.
public enum GlyphFeatures {
    /// Bumped whenever the meaning or order of any feature changes; model files record it.
    public static let version: UInt32 = 1_001
    static let orientationGrid = 8
    static let orientationChannels = 4
    static let directionGrid = 4
    static let directionChannels = 8
    /// Resampling step as a fraction of the glyph's longer side.
    static let resampleStep = 1.0 / 32
    static let extraCount = 10

    /// Number of features.
    public static var count: Int {
        orientationGrid * orientationGrid * orientationChannels + directionGrid * directionGrid * directionChannels + extraCount
    }

    /// Features of `strokes`, or nil when there is no finite point.
    public static func features(of strokes: [[Point2]]) -> [Float]? {
        let finite = strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { !$0.isEmpty }
        guard let box = finite.bounds else { return nil }
        let size = box.max - box.min
        let side = max(size.x, size.y, 1e-9)
        let centre = (box.min + box.max) * 0.5
        let normalised = finite.map { $0.map { ($0 - centre) / side + Point2(0.5, 0.5) } }
        let resampled = normalised.map { ArcLengthResampler.resample($0, step: resampleStep) }

        var vector = OrientationRaster.render(resampled, step: resampleStep, grid: orientationGrid, channels: orientationChannels)
        vector += OrientationRaster.render(resampled, step: resampleStep, grid: directionGrid, channels: directionChannels, directed: true)
        let aspect = log(max(size.x, side * 0.02) / max(size.y, side * 0.02))
        vector.append(Float(min(max(aspect, -3), 3)))
        for n in 1...4 { vector.append((finite.count == n || (n == 4 && finite.count > 4)) ? 1 : 0) }
        let first = resampled[0][0], last = resampled[resampled.count - 1].last!
        vector += [Float(first.x), Float(first.y), Float(last.x), Float(last.y)]
        let ink = normalised.reduce(0) { $0 + ArcLengthResampler.length(of: $1) }
        vector.append(Float(min(ink, 20) / 4))
        return vector
    }
}
