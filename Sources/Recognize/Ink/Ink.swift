import SessionModel
import SketchModel

/// One stroke at its place in drawing order, with the geometry the pipeline keeps asking about
/// (``MeasuredStroke``, computed once per stroke and shared by every recognition that sees it,
/// so copying an ink costs one reference).
struct Ink: Sendable, Hashable {
    /// The stroke's measurements.
    let measured: MeasuredStroke
    /// Position in drawing order (0 = first drawn).
    let order: Int

    init(stroke: Stroke, order: Int) { self.init(measured: MeasuredStroke(stroke), order: order) }

    init(measured: MeasuredStroke, order: Int) {
        self.measured = measured
        self.order = order
    }

    /// The stroke id.
    var id: String { measured.id }
    /// The sampled points.
    var points: [StrokePoint] { measured.points }
    /// CSS colour.
    var color: String { measured.color }
    /// Bounding box.
    var frame: Rect { measured.frame }
    /// Time of the first and last point (ms; 0 when the client sent none).
    var startT: Double { measured.startT }
    var endT: Double { measured.endT }
    /// Path length in points.
    var length: Double { measured.length }
    /// See ``MeasuredStroke/fingerprint``.
    var fingerprint: UInt64 { measured.fingerprint }
    /// How the stroke waves about its own axis (squiggles against ruled lines).
    var waviness: Waviness { measured.waviness }
    /// Whether the stroke is a box drawn in one go (``MeasuredStroke/isDrawnBox``).
    var isDrawnBox: Bool { measured.isDrawnBox }

    /// Distance from the first to the last point over the path length: 1 for a straight line.
    var straightness: Double {
        guard let first = points.first, let last = points.last, length > 0 else { return 0 }
        return ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot() / length
    }

    /// Whether the stroke is a nearly straight horizontal line.
    var isHorizontalLine: Bool { straightness > 0.9 && frame.width >= 4 * max(frame.height, 1) && frame.width >= 24 }

    /// Whether the stroke is a nearly straight vertical line.
    var isVerticalLine: Bool { straightness > 0.9 && frame.height >= 4 * max(frame.width, 1) && frame.height >= 12 }
}

extension Rect {
    /// The rectangle grown by `d` on every side.
    public func expanded(by d: Double) -> Rect {
        Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    /// The gap between two rectangles (0 when they touch or overlap).
    func gap(to other: Rect) -> Double {
        let dx = max(0, max(other.minX - maxX, minX - other.maxX))
        let dy = max(0, max(other.minY - maxY, minY - other.maxY))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether the two rectangles lie apart, not even touching: then neither has any share of the
    /// other (``Rect/fractionInside(_:)`` is 0), which this tells without working out an overlap.
    func liesApart(from other: Rect) -> Bool {
        maxX < other.minX || minX > other.maxX || maxY < other.minY || minY > other.maxY
    }

    /// Overlap of the two vertical extents, as a share of the smaller height.
    func verticalOverlap(_ other: Rect) -> Double {
        let overlap = min(maxY, other.maxY) - max(minY, other.minY)
        let smaller = min(height, other.height)
        return smaller > 0 ? max(0, overlap) / smaller : (overlap >= 0 ? 1 : 0)
    }

    /// Overlap of the two horizontal extents, as a share of the smaller width.
    func horizontalOverlap(_ other: Rect) -> Double {
        let overlap = min(maxX, other.maxX) - max(minX, other.minX)
        let smaller = min(width, other.width)
        return smaller > 0 ? max(0, overlap) / smaller : (overlap >= 0 ? 1 : 0)
    }

    /// The union of many rectangles (nil for none).
    public static func union<S: Sequence>(_ rects: S) -> Rect? where S.Element == Rect {
        rects.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// Whether `inner` lies inside this rectangle by Screen Recognition's 85% rule, allowing a
    /// hand-drawn overshoot of the border. The holder must be clearly larger (a quarter more area),
    /// so two drawings of one box never hold each other.
    func holds(_ inner: Rect) -> Bool { HolderReach(self).holds(inner) }
}
