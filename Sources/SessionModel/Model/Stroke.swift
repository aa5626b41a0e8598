/// One pen-down to pen-up stroke as stored in the log.
public struct Stroke: Hashable, Sendable, Codable, Identifiable {
    /// Client-chosen id, unique within the session (see ``Identifier``).
    public var id: String
    /// The sampled points in drawing order; at least one.
    public var points: [StrokePoint]
    /// CSS hex colour such as `#1f6feb`.
    public var color: String
    /// Nominal pen width in canvas points.
    public var width: Double
    /// The screen the stroke was drawn on.
    public var screen: String

    /// The most points one stroke may hold.
    public static let maxPoints = 10_000
    /// The colour used when a stroke does not name one.
    public static let defaultColor = "#1b1f24"

    /// Creates a stroke; use ``validated()`` before appending input from outside.
    public init(
        id: String, points: [StrokePoint], color: String = Stroke.defaultColor, width: Double = 2,
        screen: String = Screen.mainID
    ) {
        self.id = id
        self.points = points
        self.color = color
        self.width = width
        self.screen = screen
    }

    /// Checks every field against the log's limits and returns the stroke with canonical points.
    /// - Throws: a ``StrokeLogError`` naming the first problem found.
    public func validated() throws -> Stroke {
        try Identifier.check(id, what: "stroke id")
        try Identifier.check(screen, what: "screen id")
        guard !points.isEmpty else { throw StrokeLogError.invalidEvent("a stroke needs at least one point") }
        guard points.count <= Stroke.maxPoints else {
            throw StrokeLogError.tooManyPoints(count: points.count, limit: Stroke.maxPoints)
        }
        guard width.isFinite, width > 0, width <= 200 else {
            throw StrokeLogError.invalidNumber("stroke width must be a finite number in (0, 200]")
        }
        try HexColor.check(color)
        var copy = self
        copy.points = try points.map { try StrokePoint.canonical(x: $0.x, y: $0.y, t: $0.t, pressure: $0.pressure) }
        copy.color = color.lowercased()
        copy.width = (width * 8).rounded() / 8
        return copy
    }

    /// The axis-aligned bounding box of the points.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return (minX, minY, maxX, maxY)
    }
}
