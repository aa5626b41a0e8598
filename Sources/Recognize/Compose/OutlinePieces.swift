import SketchModel

/// A large box drawn side by side in separate strokes, grouped with what it holds.
///
/// The grouper keeps a box's content apart from a box drawn in one stroke, because that stroke
/// holds it. A box drawn as a left side, a bottom, a right side and a top holds nothing stroke by
/// stroke: a picture drawn inside it touches the sides and joins them, and the whole reads as
/// one odd box (a card whose picture is lost), while a side drawn a little apart stays alone and
/// reads as a divider. Here the sides of such a group (strokes along its edges, or thin lines
/// across all of it) are told from what they hold: when the sides together, with any lone side
/// stroke lying on their edges, read as a box that holds the rest, they become the box's group
/// and the rest is grouped again.
enum OutlinePieces {
    /// The least longer side (points) of a group taken apart: a card or a screen-wide box, not a
    /// small widget or pictogram (``UnsureGroups/maximumSize``).
    static let largeBoxSide = UnsureGroups.maximumSize
    /// How much of the box a thin stroke spans to count as one of its sides wherever it lies (a
    /// bottom drawn above the end of the sides).
    static let spanningShare = 0.95
    /// How thin (share of the box across it) such a spanning side is.
    static let thinShare = 0.2

    /// `atoms` with every large box drawn in pieces taken apart from what it holds.
    static func separate(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        var atoms = atoms
        // Each split leaves a box of sides alone, which is never split again; the bound only
        // guards against a cycle no drawing should make.
        for _ in 0..<atoms.count {
            guard let split = firstSplit(in: atoms, classify: classify) else { break }
            atoms = (atoms.indices.filter { !split.replaced.contains($0) }.map { atoms[$0] } + split.atoms)
                .sorted { $0.group.firstOrder < $1.group.firstOrder }
        }
        return atoms
    }

    private static func firstSplit(in atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> Split? {
        for index in atoms.indices {
            if let split = separating(at: index, in: atoms, classify: classify) { return split }
        }
        return nil
    }

    private struct Split {
        /// Indices of the atoms the split replaces.
        var replaced: Set<Int>
        var atoms: [Atom]
    }

    /// The box's group (its sides and the lone sides on its edges) and its contents grouped again,
    /// when `atoms[index]` is a large group of sides and what they hold.
    private static func separating(at index: Int, in atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> Split? {
        let atom = atoms[index]
        let frame = atom.frame
        guard atom.text == nil, atom.inks.count >= 3, max(frame.width, frame.height) > largeBoxSide else { return nil }
        var sides: [Ink] = []
        var content: [Ink] = []
        for ink in atom.inks {
            if isSide(ink, of: frame) { sides.append(ink) } else { content.append(ink) }
        }
        guard sides.count >= 2, !content.isEmpty, let outline = Rect.union(sides.map(\.frame)) else { return nil }
        let reach = HolderReach(outline)
        guard content.allSatisfy({ reach.holds($0.frame) && StrokeGrouper.isContent($0, of: outline) }) else {
            return nil
        }
        let loneSides = atoms.indices.filter { i in
            i != index && atoms[i].text == nil && atoms[i].inks.count == 1 && reach.holds(atoms[i].frame)
                && StrokeGrouper.isSide(atoms[i].frame, of: outline)
        }
        let boxGroup = StrokeGroup(sides + loneSides.flatMap { atoms[$0].inks })
        let box = Atom(group: boxGroup, label: classify(boxGroup))
        guard AtomRefiner.refine(box).primitive.isContainerShape else { return nil }
        let contents = StrokeGrouper().group(content).map { Atom(group: $0, label: classify($0)) }
        return Split(replaced: Set([index] + loneSides), atoms: [box] + contents)
    }

    /// Whether `ink` is a side of the group whose box is `frame`: it runs along the box's edges, or
    /// it is a thin line across (nearly) all of the box.
    static func isSide(_ ink: Ink, of frame: Rect) -> Bool {
        let f = ink.frame
        let across = f.width >= spanningShare * frame.width && f.height <= thinShare * frame.height
        let upright = f.height >= spanningShare * frame.height && f.width <= thinShare * frame.width
        return across || upright || StrokeGrouper.isSide(f, of: frame) || StrokeGrouper.isOutline(ink, of: frame)
    }
}
