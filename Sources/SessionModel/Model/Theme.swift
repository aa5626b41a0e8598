/// A session's design tokens, emitted once by the code generator and used by every view.
public struct Theme: Hashable, Sendable, Codable {
    /// Accent (tint) colour, `#rrggbb`.
    public var accent: String
    /// Screen background colour, `#rrggbb`.
    public var background: String
    /// Corner radius of buttons, fields and cards, in points.
    public var cornerRadius: Double
    /// Multiplier applied to the type scale (1 = system sizes).
    public var typeScale: Double

    /// The theme of a new session: system blue on white, 10 pt corners, system type sizes.
    public static let standard = Theme(accent: "#007aff", background: "#ffffff", cornerRadius: 10, typeScale: 1)

    /// Creates a theme.
    public init(accent: String, background: String, cornerRadius: Double, typeScale: Double) {
        self.accent = accent
        self.background = background
        self.cornerRadius = cornerRadius
        self.typeScale = typeScale
    }

    /// Checks colours and ranges.
    public func validated() throws -> Theme {
        try HexColor.check(accent)
        try HexColor.check(background)
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= 60 else {
            throw StrokeLogError.invalidNumber("corner radius must be in 0...60")
        }
        guard typeScale.isFinite, typeScale >= 0.5, typeScale <= 3 else {
            throw StrokeLogError.invalidNumber("type scale must be in 0.5...3")
        }
        return Theme(
            accent: accent.lowercased(), background: background.lowercased(), cornerRadius: cornerRadius,
            typeScale: typeScale)
    }
}
