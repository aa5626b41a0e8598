import SketchModel

/// A side of a small drawing that the grouper left apart: a checkbox drawn as four short sides
/// and a tick, whose first side ended a few points away from the next stroke (quick succession
/// joins only within ``StrokeGrouper/nearDistance``, measured corner to corner). The side gives
/// itself away: one straight stroke, drawn right before or after a stroke of the drawing, lying
/// along one of the drawing's sides just beside it, over at least half of it. Classified with the
/// drawing, it is more of it when the whole reads as the same drawing, as surely.
enum DetachedSides {
    /// The largest drawing (longer side, points) a side is looked for beside: a checkbox or a
    /// small pictogram (``ListColumns/checkboxSide``).
    static let maximumSize = ListColumns.checkboxSide
    /// How far (points) the side may lie from the drawing's edge.
    static let sideGap = UnsureGroups.neighbourGap
    /// The least share of the drawing's side the stroke covers.
    static let coveredShare = 0.5

    /// `atoms` with every detached side joined to its drawing.
    static func merge(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        var atoms = atoms
        // Each join removes one atom; the bound only guards against a cycle.
        for _ in 0..<atoms.count {
            guard let (side, drawing, whole) = firstJoin(in: atoms, classify: classify) else { break }
            atoms = (atoms.indices.filter { $0 != side && $0 != drawing }.map { atoms[$0] } + [whole])
                .sorted { $0.group.firstOrder < $1.group.firstOrder }
        }
        return atoms
    }

    private static func firstJoin(in atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> (Int, Int, Atom)? {
        var lookup: AtomOfOrder?  // made for the first straight stroke: most screens have none alone
        for (i, atom) in atoms.enumerated() where atom.text == nil && atom.inks.count == 1 && isStraight(atom.inks[0]) {
            let atomOfOrder = lookup ?? AtomOfOrder(atoms)
            lookup = atomOfOrder
            let order = atom.inks[0].order
            for j in [atomOfOrder[order - 1], atomOfOrder[order + 1]].compactMap({ $0 }) where j != i {
                let drawing = atoms[j]
                guard drawing.text == nil, drawing.inks.count >= 2,
                    max(drawing.frame.width, drawing.frame.height) <= maximumSize,
                    lies(atom.frame, besideASideOf: drawing.frame)
                else { continue }
                let group = StrokeGroup(drawing.inks + atom.inks)
                let whole = Atom(group: group, label: classify(group))
                if whole.primitive == drawing.primitive,
                    whole.confidence >= min(drawing.confidence, AtomRefiner.trustedConfidence)
                {
                    return (i, j, whole)
                }
            }
        }
        return nil
    }

    /// A straight thin stroke.
    static func isStraight(_ ink: Ink) -> Bool {
        ink.straightness > 0.9
            && min(ink.frame.width, ink.frame.height) <= 0.25 * max(ink.frame.width, ink.frame.height)
    }

    /// Whether `line` runs along the left or right (upright) or top or bottom (flat) side of
    /// `box`, within ``sideGap`` of it, over at least ``coveredShare`` of it.
    static func lies(_ line: Rect, besideASideOf box: Rect) -> Bool {
        if line.height > line.width {
            let near = min(abs(line.midX - box.minX), abs(line.midX - box.maxX)) <= sideGap
            return near && line.height >= coveredShare * box.height && box.verticalOverlap(line) >= coveredShare
        }
        let near = min(abs(line.midY - box.minY), abs(line.midY - box.maxY)) <= sideGap
        return near && line.width >= coveredShare * box.width && box.horizontalOverlap(line) >= coveredShare
    }
}
