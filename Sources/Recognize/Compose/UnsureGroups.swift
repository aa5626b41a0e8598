/// A second look at small groups the classifier is unsure about: a switch's pill and knob, or an
/// avatar's head and shoulders, drawn as separate groups, are classified together. When the
/// whole is a confident widget or pictogram, it replaces the pieces.
enum UnsureGroups {
    /// The largest box (longer side, points) that is tried as one small drawing.
    static let maximumSize = 120.0
    /// The least confidence of the whole.
    static let minimumConfidence = 0.35
    /// The largest gap (points) between two pieces side by side that are tried as one drawing.
    static let neighbourGap = 8.0

    /// `atoms` with the pieces of one small drawing joined: a piece and what it holds, then two
    /// pieces drawn one right after the other side by side.
    static func merge(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        mergeNeighbours(mergeHeld(atoms, classify: classify), classify: classify)
    }

    /// Two unsure groups drawn one right after the other, nearly touching, neither holding the
    /// other (an avatar's head drawn in two halves that the grouper kept apart): classified
    /// together, they are one drawing when the whole is a confident widget or pictogram.
    static func mergeNeighbours(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        // The usual screen: in drawing order already, and no two unsure groups one after the other.
        let follows = atoms.indices.dropFirst()
        if follows.allSatisfy({ atoms[$0 - 1].group.firstOrder <= atoms[$0].group.firstOrder }),
            !follows.contains(where: { atoms[$0 - 1].isUnsure && atoms[$0].isUnsure })
        {
            return atoms
        }
        var result: [Atom] = []
        for atom in atoms.sorted(by: { $0.group.firstOrder < $1.group.firstOrder }) {
            guard let last = result.last, last.isUnsure, atom.isUnsure,
                atom.group.firstOrder == last.inks.map(\.order).max()! + 1,
                last.frame.gap(to: atom.frame) <= neighbourGap
            else {
                result.append(atom)
                continue
            }
            let frame = last.frame.union(atom.frame)
            let group = StrokeGroup(last.inks + atom.inks)
            guard max(frame.width, frame.height) <= maximumSize, let whole = confidentDrawing(group, classify: classify)
            else {
                result.append(atom)
                continue
            }
            result[result.count - 1] = whole
        }
        return result
    }

    private static func confidentDrawing(_ group: StrokeGroup, classify: (StrokeGroup) -> GroupLabel) -> Atom? {
        let whole = Atom(group: group, label: classify(group))
        return isDrawing(whole.primitive) && whole.confidence >= minimumConfidence ? whole : nil
    }

    /// A group the classifier is unsure about, or holding one, classified with what it holds.
    static func mergeHeld(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        // Every merge needs an unsure group, as the holder or among what it holds.
        let isUnsure = atoms.map(\.isUnsure)
        let unsure = atoms.indices.filter { isUnsure[$0] }
        guard !unsure.isEmpty else { return atoms }
        // By index: replaced by a whole, or gone into one (no hashing in the all-pairs scan).
        var replacement = [Atom?](repeating: nil, count: atoms.count)
        // Replaced or gone: no longer tried, as a piece or as a holder.
        var taken = [Bool](repeating: false, count: atoms.count)
        var removed = [Bool](repeating: false, count: atoms.count)
        let frames = atoms.map(\.frame)
        let largestFirst = atoms.indices.sorted { (frames[$0].area, $1) > (frames[$1].area, $0) }
        for i in largestFirst where !taken[i] {
            let outer = frames[i]
            guard max(outer.width, outer.height) <= maximumSize else { continue }
            let area = outer.expanded(by: 4)
            func isHeld(_ j: Int) -> Bool {
                j != i && !taken[j] && frames[j].area <= outer.area && !frames[j].liesApart(from: area)
                    && frames[j].fractionInside(area) >= 0.85
            }
            // A sure holder is tried only when it holds an unsure group: look among those first.
            guard isUnsure[i] || unsure.contains(where: isHeld) else { continue }
            let inner = atoms.indices.filter(isHeld)
            // Words read inside a box are its title, never a piece of a pictogram.
            guard !inner.isEmpty, isUnsure[i] || inner.contains(where: { isUnsure[$0] }),
                !inner.contains(where: { atoms[$0].text != nil })
            else { continue }
            let group = StrokeGroup(atoms[i].inks + inner.flatMap { atoms[$0].inks })
            guard let whole = confidentDrawing(group, classify: classify) else { continue }
            replacement[i] = whole
            taken[i] = true
            for j in inner { (removed[j], taken[j]) = (true, true) }
        }
        guard taken.contains(true) else { return atoms }
        return atoms.indices.compactMap { removed[$0] ? nil : replacement[$0] ?? atoms[$0] }
    }

    /// Widgets and pictograms: what a small multi-part drawing can be as a whole.
    private static func isDrawing(_ primitive: Primitive) -> Bool {
        switch primitive {
        case .toggle, .checkbox, .avatar, .picker, .slider, .icon, .crossedBox: true
        default: false
        }
    }
}
