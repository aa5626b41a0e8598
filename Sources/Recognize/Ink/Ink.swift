import StrokeLog

/// One stroke with the geometry the pipeline keeps asking about, computed once.
struct Ink: Sendable, Hashable {
    /// The stroke id.
    let id: String
    /// Position in drawing order (0 = first drawn).
    private(set) var order: Int
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

    init(stroke: Stroke, order: Int) {
        id = stroke.id
        self.order = order
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

    /// The same stroke at position `order` in drawing order (an earlier stroke was erased).
    func at(order: Int) -> Ink {
        guard order != self.order else { return self }
        var moved = self
        moved.order = order
        return moved
    }

    /// 64-bit FNV-1a over the id's bytes and the points' coordinates.
    static func fingerprint(id: String, points: [StrokePoint]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            var v = value
            for _ in 0..<8 {
                hash = (hash ^ (v & 0xff)) &* 0x100_0000_01b3
                v >>= 8
            }
        }
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for p in points {
            mix(p.x.bitPattern)
            mix(p.y.bitPattern)
        }
        return hash
    }

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
    func expanded(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The gap between two rectangles (0 when they touch or overlap).
    func gap(to other: Rect) -> Double {
        let dx = max(0, max(other.minX - maxX, minX - other.maxX))
        let dy = max(0, max(other.minY - maxY, minY - other.maxY))
        return (dx * dx + dy * dy).squareRoot()
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
    static func union<S: Sequence>(_ rects: S) -> Rect? where S.Element == Rect {
        rects.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// Whether `inner` lies inside this rectangle by Screen Recognition's 85% rule, allowing a
    /// hand-drawn overshoot of the border. The holder must be clearly larger (a quarter more area),
    /// so two drawings of one box never hold each other.
    func holds(_ inner: Rect) -> Bool {
        let slack = max(4, 0.06 * min(width, height))
        return inner.fractionInside(expanded(by: slack)) >= 0.85 && area >= 1.25 * inner.area
    }
}
