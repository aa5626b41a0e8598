/// Turns one stroke group into the model's feature vector (``FeatureSpec``).
///
/// The group is centred on its bounding box and scaled by its longer side (aspect ratio kept),
/// every stroke is resampled by arc length, and the result is rasterised into orientation maps
/// and summarised by ``GeometricFeatures``. The vector is invariant to translation and uniform
/// scale of the input (up to floating-point rounding).
public enum FeatureExtractor {
    /// Features of `strokes`, or nil when there is no point at all.
    /// - Parameter frame: the screen the group was drawn on, when known (see ``GeometricFeatures``).
    public static func features(of strokes: [[Point2]], frame: (width: Double, height: Double)? = nil) -> [Float]? {
        let finite = strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { !$0.isEmpty }
        guard let box = finite.bounds else { return nil }
        let size = box.max - box.min
        let side = max(size.x, size.y)
        let scale = side > 1e-9 ? 1 / side : 1
        let centre = (box.min + box.max) * 0.5
        let normalised = finite.map { $0.map { ($0 - centre) * scale + Point2(0.5, 0.5) } }

        let inkLength = normalised.reduce(0) { $0 + ArcLengthResampler.length(of: $1) }
        let step = max(FeatureSpec.resampleStep, inkLength / Double(FeatureSpec.maxResampledPoints))
        let resampled = normalised.map { ArcLengthResampler.resample($0, step: step) }

        var vector = OrientationRaster.render(resampled, step: step)
        vector += GeometricFeatures.compute(normalised: resampled, rawSize: size, frame: frame)
        return vector
    }
}
