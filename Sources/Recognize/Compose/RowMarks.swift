import SketchModel

/// What a list row holds besides its elements: specks of ink and pieces of a drawing that the
/// classifier named apart from it (a switch's knob inside its pill, a checkbox's side drawn a few
/// points off the box and read as an upright line). They do not count in a row's signature or
/// break a run of rows; each goes back to the element it is a piece of or stands next to, else to
/// the list.
enum RowMarks {
    /// The longest side (points) of a speck: a dot of ink, not an element.
    static let speckSide = 4.0
    /// How far (points) from an element a piece of its drawing may stand.
    static let pieceGap = 8.0
    /// How much of a piece lies inside the element it belongs to.
    static let insideShare = 0.85

    /// Whether `shapes[part]` is a mark among the parts of its row (`row`, indexes of `shapes`
    /// that hold it).
    static func isMark(_ part: Int, among row: [Int], shapes: [PartShape]) -> Bool {
        shapes[part].isSpeck || row.contains { other in isPiece(shapes[part], of: shapes[other]) }
    }

    static func isSpeck(_ part: Part) -> Bool { isSpeck(part.frame) }

    /// Whether a box this size is a speck: a dot of ink, not an element.
    static func isSpeck(_ frame: Rect) -> Bool { max(frame.width, frame.height) <= speckSide }

    /// Whether `part` is a piece of `other`'s drawing: smaller and inside it, or an upright line
    /// no taller than it standing right beside it.
    static func isPiece(_ part: PartShape, of other: PartShape) -> Bool {
        guard other.frame != part.frame, !other.isSpeck, !other.isVerticalLine, other.frame.area > part.frame.area
        else { return false }
        if part.frame.fractionInside(other.frame) >= insideShare { return true }
        return part.isVerticalLine && part.frame.height <= other.frame.height + speckSide
            && part.frame.gap(to: other.frame) <= pieceGap
    }

    /// Where `mark` goes back to in `rows` (row, element): the element it is a piece of, else the
    /// nearest within ``pieceGap``; nil when none is that near.
    static func owner(of mark: Part, in rows: [[Part]]) -> (row: Int, index: Int)? {
        let piece = PartShape(mark)
        var nearest: (gap: Double, row: Int, index: Int)?
        for r in rows.indices {
            for k in rows[r].indices {
                let element = PartShape(rows[r][k])
                if isPiece(piece, of: element) { return (r, k) }
                let gap = mark.frame.gap(to: element.frame)
                if gap <= pieceGap, nearest.map({ gap < $0.gap }) ?? true { nearest = (gap, r, k) }
            }
        }
        return nearest.map { ($0.row, $0.index) }
    }
}

extension Part {
    /// This part with `piece`'s strokes as its own: a piece of its drawing named apart from it.
    func absorbing(_ piece: Part) -> Part {
        var part = self
        part.ownInks = (ownInks + piece.allInks).sorted { $0.order < $1.order }
        part.allInks = (allInks + piece.allInks).sorted { $0.order < $1.order }
        part.element.frame = frame.union(piece.frame)
        part.element.strokeIds = part.allInks.map(\.id)
        return part
    }
}
