import SketchModel

/// Where bars live on a screen (NOTATION: "full width" is at least 80% of the frame width).
struct ScreenBands: Sendable {
    /// The screen's frame, origin at 0.
    let canvas: Rect

    /// The least width share that counts as full width.
    static let fullWidth = 0.8

    func isFullWidth(_ r: Rect) -> Bool { r.width >= Self.fullWidth * canvas.width }

    /// A full-width band at the very top: a navigation bar's place.
    func isTopBand(_ r: Rect) -> Bool {
        isFullWidth(r) && r.minY <= 0.07 * canvas.height && r.maxY <= 0.2 * canvas.height
    }

    /// The tallest box (points) that may be a one-line field rather than a bar.
    static let fieldHeight = 46.0
    /// How close (points) to both sides of the screen a bar is drawn.
    static let barEdge = 8.0

    /// An empty box in the top band that is a navigation bar: taller than a field, or drawn to both
    /// sides of the screen. A flatter box kept off the sides is a field (a search field at the top
    /// of a screen without a bar, its placeholder read apart or not written yet).
    func isEmptyNavigationBar(_ r: Rect) -> Bool {
        isTopBand(r)
            && (r.height > Self.fieldHeight
                || (r.minX - canvas.minX <= Self.barEdge && canvas.maxX - r.maxX <= Self.barEdge))
    }

    /// A full-width band at the very bottom: a tab bar's place (Screen Recognition: the bottom 20%).
    func isBottomBand(_ r: Rect) -> Bool {
        isFullWidth(r) && r.maxY >= 0.92 * canvas.height && r.minY >= 0.8 * canvas.height
    }
}

/// Small arithmetic helpers for confidences.
enum Confidence {
    /// The mean, or 1 for none.
    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 1 : values.reduce(0, +) / Double(values.count) }

    /// A composite's confidence: the mean of its parts' scaled by how sure the rule is.
    static func composite(_ values: [Double], rule: Double) -> Double { min(1, mean(values) * rule) }
}
