/// A plain 2-D point used inside feature extraction (canvas units, y downwards).
public typealias Point2 = SIMD2<Double>

extension Array where Element == [Point2] {
    /// The axis-aligned bounds of every point, or nil when there is none.
    public var bounds: (min: Point2, max: Point2)? {
        var lo = Point2(repeating: .infinity)
        var hi = Point2(repeating: -.infinity)
        var any = false
        for stroke in self {
            for p in stroke {
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
                any = true
            }
        }
        return any ? (lo, hi) : nil
    }
}

extension SIMD2 where Scalar == Double {
    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }
}
