import SketchModel

/// Strokes of a box's drawing that landed in the group of what the box holds.
///
/// A person drawing a card may go over a side twice or leave a speck on its top, a little inside
/// the outline. The grouper sees that stroke inside the box, so as content, and joins it to the
/// picture or text it touches: the picture, its caption and the leftover then read as one odd
/// drawing (a drop-down, a camera), and the card loses both. A leftover gives itself away by its
/// drawing order: it was drawn right before or after a stroke of the box that holds it, and right
/// before or after none of the strokes it was grouped with. It goes back to the box's group and
/// what it was grouped with is grouped again without it. First, a large box grouped with what it
/// holds is taken apart from it.
enum OutlineLeftovers {
    /// The largest share of the box's area a leftover covers (a picture inside a card is larger).
    static let largestShareOfBox = 0.25

    /// `atoms` with every leftover moved to the group of the box it was drawn with.
    static func reassign(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        var atoms = splittingLargeBoxes(OutlinePieces.separate(atoms, classify: classify), classify: classify)
        // Each move settles one stroke next to its drawing-order neighbour for good; the bound
        // only guards against a cycle no drawing should make.
        for _ in 0..<atoms.count {
            guard let move = nextMove(in: atoms) else { break }
            let box = atoms[move.box]
            let source = atoms[move.source]
            let leftover = source.inks.filter { $0.id == move.ink.id }
            var result = atoms.indices.filter { $0 != move.box && $0 != move.source }.map { atoms[$0] }
            result.append(withLeftover(box, leftover, classify: classify))
            let rest = source.inks.filter { $0.id != move.ink.id }
            result += StrokeGrouper().group(rest).map { Atom(group: $0, label: classify($0)) }
            atoms = result.sorted { $0.group.firstOrder < $1.group.firstOrder }
        }
        return atoms
    }

    private struct Move {
        var ink: Ink
        var source: Int
        var box: Int
    }

    /// The first leftover found: in a group of several strokes (not writing), a small stroke drawn
    /// next to a stroke of another group that holds it, and next to none of its own group's.
    private static func nextMove(in atoms: [Atom]) -> Move? {
        let atomOfOrder = AtomOfOrder(atoms)
        for (i, atom) in atoms.enumerated() where atom.inks.count >= 2 && atom.text == nil {
            for ink in atom.inks {
                let neighbours = [ink.order - 1, ink.order + 1]
                guard !neighbours.contains(where: { atomOfOrder[$0] == i }) else { continue }
                for order in neighbours {
                    guard let j = atomOfOrder[order], atoms[j].text == nil,
                        let outline = atoms[j].inks.first(where: { $0.order == order })
                    else { continue }
                    if isLeftover(ink, of: outline, among: atom.inks) { return Move(ink: ink, source: i, box: j) }
                }
            }
        }
        return nil
    }

    /// Whether `ink`, grouped with `group`, is a leftover of the drawing of `outline`: drawn right
    /// before or after it and inside it, next to no other stroke of `group`, and small beside it.
    static func isLeftover(_ ink: Ink, of outline: Ink, among group: [Ink]) -> Bool {
        abs(ink.order - outline.order) == 1 && !group.contains { $0.id != ink.id && abs($0.order - ink.order) == 1 }
            && StrokeGrouper.separates(outline.frame, ink.frame)
            && ink.frame.area <= largestShareOfBox * outline.frame.area
    }

    /// The least longer side (points) of a box taken apart from what it holds: larger than any
    /// small widget or pictogram drawn in one piece (``UnsureGroups/maximumSize``).
    static let largeBoxSide = UnsureGroups.maximumSize

    /// A large box grouped with strokes it holds (the grouper joins strokes drawn in quick
    /// succession unless one's box holds the other's by a clear margin of area, and a card's
    /// picture and caption fill most of the card): the box with its leftovers, when that reads as a
    /// box and holds the rest, and the rest grouped again.
    private static func splittingLargeBoxes(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        var result: [Atom] = []
        result.reserveCapacity(atoms.count)
        for atom in atoms {
            if let pieces = splittingLargeBox(atom, classify: classify) {
                result += pieces
            } else {
                result.append(atom)
            }
        }
        return result
    }

    private static func splittingLargeBox(_ atom: Atom, classify: (StrokeGroup) -> GroupLabel) -> [Atom]? {
        guard atom.inks.count >= 2, atom.text == nil else { return nil }
        let candidates = atom.inks.filter { ink in
            max(ink.frame.width, ink.frame.height) > largeBoxSide
                && atom.inks.contains { StrokeGrouper.separates(ink, $0) }
        }
        guard let largest = candidates.max(by: { ($0.frame.area, $1.order) < ($1.frame.area, $0.order) }) else {
            return nil
        }
        let held = atom.inks.filter { StrokeGrouper.separates(largest, $0) }
        let contentInks = held.filter { !isLeftover($0, of: largest, among: held) && !isPathGoingOn($0, largest) }
        let outline = StrokeGroup(atom.inks.filter { ink in !contentInks.contains { $0.id == ink.id } })
        let contents = StrokeGrouper().group(contentInks)
        guard contents.allSatisfy({ outline.frame.holds($0.frame) }) else { return nil }
        let box = Atom(group: outline, label: classify(outline))
        guard AtomRefiner.refine(box).primitive.isContainerShape else { return nil }
        return [box] + contents.map { Atom(group: $0, label: classify($0)) }
    }

    /// Whether two strokes drawn one right after the other are one pen path, the second starting
    /// where the first ended (``StrokeGrouper/continues(_:_:)``): the rest of the box's outline.
    private static func isPathGoingOn(_ a: Ink, _ b: Ink) -> Bool {
        let (first, second) = a.order < b.order ? (a, b) : (b, a)
        return second.order == first.order + 1 && StrokeGrouper().continues(second, first)
    }

    /// The box's group with the leftover: classified again, the whole drawing may read better as
    /// a box than its outline alone did; otherwise the box keeps its reading.
    private static func withLeftover(_ box: Atom, _ leftover: [Ink], classify: (StrokeGroup) -> GroupLabel) -> Atom {
        let group = StrokeGroup(box.inks + leftover)
        let whole = Atom(group: group, label: classify(group))
        if whole.primitive == .box, box.primitive != .box || whole.confidence > box.confidence { return whole }
        var kept = Atom(group: group, label: box.label)
        (kept.primitive, kept.confidence) = (box.primitive, box.confidence)
        return kept
    }
}
