import SketchModel

/// What the list rules ask of a part, worked out once: where it is, what it is, and whether it is
/// a straight line. A part is a large value (an element tree and its strokes); this is a small one,
/// so rows can be formed and compared without copying parts.
struct PartShape {
    let frame: Rect
    let type: ElementType
    /// See ``Part/isHorizontalLine``.
    let isHorizontalLine: Bool
    /// See ``Part/isVerticalLine``.
    let isVerticalLine: Bool

    init(_ part: Part) {
        frame = part.frame
        type = part.type
        isHorizontalLine = part.isHorizontalLine
        isVerticalLine = part.isVerticalLine
    }

    /// A dot of ink, not an element (``RowMarks/isSpeck(_:)``).
    var isSpeck: Bool { RowMarks.isSpeck(frame) }
}
