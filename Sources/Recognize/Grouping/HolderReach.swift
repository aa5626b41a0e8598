import SketchModel

/// What ``Rect/holds(_:)`` works out about the holder (its area, its bounds grown by a
/// hand-drawn overshoot), kept so a search of one box over every stroke on a screen works it out
/// once. Most pairs on a screen are answered at once: the inner box is not clearly smaller, or
/// lies apart.
struct HolderReach {
    let area: Double
    let bounds: Rect

    init(_ holder: Rect) {
        area = holder.area
        bounds = holder.expanded(by: max(4, 0.06 * min(holder.width, holder.height)))
    }

    /// Screen Recognition's 85% rule; see ``Rect/holds(_:)``.
    func holds(_ inner: Rect) -> Bool {
        guard area >= 1.25 * inner.area else { return false }
        if inner.liesApart(from: bounds) { return false }
        return inner.fractionInside(bounds) >= 0.85
    }
}
