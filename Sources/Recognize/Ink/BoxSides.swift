import SketchModel

/// Whether strokes draw a box's sides: what tells a flat box (a text field) from a line and from
/// lines of writing, whatever the classifier made of the drawing.
///
/// A box's sides stand upright at both of its ends, across most of its height. A line has no
/// sides, nor has a bow (thin in every column). Writing has none either: each stroke of a
/// paragraph stays within its own line, and a line's strokes (waves, arches) run into its ends
/// thin.
enum BoxSides {
    /// The least share of the height the ink spans in an end column of an open box.
    static let uprightShare = 0.6
    /// The most share of the height the ink spans in a middle column of an open box (its top or
    /// bottom run).
    static let runShare = 0.35
    /// The least height (points) of an open box: a hand-drawn line with a hook at each end is lower.
    static let minimumHeight = 12.0
    /// How many columns (of ``KnobBump/columns``) at each end a side may stand in (it leans).
    static let endColumns = 2

    /// A flat group (3:1 or flatter, at least ``minimumHeight`` tall) whose ink runs thin along
    /// the middle and stands upright at both ends: a box drawn open at the top or bottom (a U),
    /// which a classifier takes for a line.
    static func isOpenBox(_ inks: [Ink], frame: Rect) -> Bool {
        guard frame.height >= minimumHeight, frame.width >= 3 * frame.height else { return false }
        let extents = KnobBump.columnBands(inks, frame: frame).map { $0.map { $0.upperBound - $0.lowerBound } ?? 0 }
        let run = extents.sorted()[extents.count / 2]
        func isUpright(_ columns: ArraySlice<Double>) -> Bool { columns.max()! >= uprightShare * frame.height }
        return run <= runShare * frame.height && isUpright(extents.prefix(endColumns))
            && isUpright(extents.suffix(endColumns))
    }

    /// The most share of a paragraph's height one of its strokes spans (a line, not a side).
    static let lineShare = 0.6

    /// Strokes in two or more rows, each within its own row (none spans ``lineShare`` of the
    /// whole height) and none upright at both ends: lines of writing, not a box drawn in pieces
    /// (whose sides span its height, or whose halves stand upright at their ends).
    static func isStackOfLines(_ inks: [Ink]) -> Bool {
        guard inks.count >= 2, let frame = Rect.union(inks.map(\.frame)) else { return false }
        let stacked = inks.map(\.frame.minY).max()! >= inks.map(\.frame.maxY).min()!
        return stacked
            && inks.allSatisfy { $0.frame.height < lineShare * frame.height && !isOpenBox([$0], frame: $0.frame) }
    }
}
