/// An axis-aligned rectangle in canvas points, origin at the top left, y downwards.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both corners.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { max(0, width) * max(0, height) }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    /// The overlap, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let lo = (x: max(minX, other.minX), y: max(minY, other.minY))
        let hi = (x: min(maxX, other.maxX), y: min(maxY, other.maxY))
        guard hi.x >= lo.x, hi.y >= lo.y else { return nil }
        return Rect(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y)
    }

    /// Intersection over union, 0...1.
    public func iou(_ other: Rect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? overlap.area / union : 0
    }

    /// The share of this rectangle's area that lies inside `other` (Screen Recognition's
    /// containment: A is inside B when this is at least 0.85).
    public func fractionInside(_ other: Rect) -> Double {
        guard area > 0 else { return other.contains(x: midX, y: midY) ? 1 : 0 }
        return (intersection(other)?.area ?? 0) / area
    }

    /// Whether the point lies inside or on the edge.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= minX && px <= maxX && py >= minY && py <= maxY
    }
}
