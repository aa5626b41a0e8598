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
    /// Whether the stroke is a box drawn in one go (``isDrawnBox(points:frame:)``).
    let isDrawnBox: Bool

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
        isDrawnBox = Self.isDrawnBox(points: stroke.points, frame: frame)
    }

    /// Whether `points` are a rectangle drawn in one closed stroke (three quarters of them near
    /// `frame`'s sides, at least 45 pt each way): no letter, and a row of such boxes is never
    /// read as a line of O's.
    static func isDrawnBox(points: [StrokePoint], frame f: Rect) -> Bool {
        guard f.width >= 45, f.height >= 45, let first = points.first, let last = points.last else { return false }
        let gap = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        guard gap <= 0.25 * max(f.width, f.height) else { return false }
        let slack = max(3, 0.12 * min(f.width, f.height))
        var near = 0
        for p in points where min(abs(p.x - f.minX), abs(f.maxX - p.x), abs(p.y - f.minY), abs(f.maxY - p.y)) <= slack {
            near += 1
        }
        return 4 * near >= 3 * points.count
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
