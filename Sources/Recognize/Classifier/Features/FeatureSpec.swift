/// The layout of the feature vector; the model file records ``version`` and refuses to load
/// weights trained for another layout.
public enum FeatureSpec {
    /// Bumped whenever the meaning or order of any feature changes.
    public static let version: UInt32 = 2
    /// Side of each orientation map, in cells.
    public static let gridSize = 16
    /// Number of orientation channels (0°, 45°, 90°, 135°; direction-agnostic).
    public static let orientationCount = 4
    /// Resampling step as a fraction of the group's longer bounding-box side.
    static let resampleStep = 1.0 / 64
    /// Upper bound on resampled points per group; longer scribbles use a coarser step.
    static let maxResampledPoints = 4096
    /// Number of raster features.
    public static var rasterCount: Int { gridSize * gridSize * orientationCount }
    /// Number of geometric features (see ``GeometricFeatures``).
    public static let geometricCount = GeometricFeatures.count
    /// Total feature count.
    public static var count: Int { rasterCount + geometricCount }
}
