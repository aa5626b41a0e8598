import SessionModel
import SketchModel

/// What the pipeline measures of one stroke, whatever its place in drawing order: immutable, so
/// one instance serves every recognition that sees the stroke (``PipelineCaches/inks``).
final class MeasuredStroke: Sendable, Hashable {
    /// The stroke id.
    let id: String
    /// The sampled points.
    let points: [StrokePoint]
    /// CSS colour.
    let color: String
    /// Bounding box.
    let frame: Rect
    /// Time of the first and last point (ms; 0 when the client sent none).
    let startT: Double
    let endT: Double
    /// Path length in points.
    let length: Double
    /// A hash of the id and every point: two strokes with one fingerprint are the same stroke,
    /// even across sessions that reuse ids.
    let fingerprint: UInt64
    /// How the stroke waves about its own axis (squiggles against ruled lines).
    let waviness: Waviness

    init(_ stroke: Stroke) {
        id = stroke.id
        points = stroke.points
        color = stroke.color
        let b = stroke.bounds
        frame = Rect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
        startT = stroke.points.first?.t ?? 0
        endT = stroke.points.last?.t ?? 0
        var total = 0.0
        for (a, b) in zip(stroke.points, stroke.points.dropFirst()) {
            total += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        length = total
        fingerprint = Self.fingerprint(id: stroke.id, points: stroke.points)
        waviness = Waviness(points: stroke.points.map { Point2($0.x, $0.y) })
    }

    /// 64-bit FNV-1a over the id's bytes and the points' coordinates.
    static func fingerprint(id: String, points: [StrokePoint]) -> UInt64 {
        var hasher = FNV1a<UInt64>()
        hasher.combine(id.utf8)
        for p in points {
            hasher.combine(littleEndian: p.x.bitPattern)
            hasher.combine(littleEndian: p.y.bitPattern)
        }
        return hasher.digest
    }

    static func == (a: MeasuredStroke, b: MeasuredStroke) -> Bool {
        a === b || (a.fingerprint == b.fingerprint && a.id == b.id && a.points == b.points && a.color == b.color)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
