/// A second look at small groups the classifier is unsure about: a switch's pill and knob, or an
/// avatar's head and shoulders, drawn as separate groups, are classified together. When the
/// whole is a confident widget or pictogram, it replaces the pieces.
enum UnsureGroups {
    /// The largest box (longer side, points) that is tried as one small drawing.
    static let maximumSize = 120.0
    /// The least confidence of the whole.
    static let minimumConfidence = 0.35

    static func merge(_ atoms: [Atom], classify: (StrokeGroup) -> GroupLabel) -> [Atom] {
        var replacement: [Int: Atom] = [:]
        var removed = Set<Int>()
        let largestFirst = atoms.indices.sorted { (atoms[$0].frame.area, $1) > (atoms[$1].frame.area, $0) }
        for i in largestFirst where !removed.contains(i) && replacement[i] == nil {
            let outer = atoms[i]
            guard max(outer.frame.width, outer.frame.height) <= maximumSize else { continue }
            let area = outer.frame.expanded(by: 4)
            let inner = atoms.indices.filter { j in
                j != i && !removed.contains(j) && replacement[j] == nil && atoms[j].frame.area <= outer.frame.area
                    && atoms[j].frame.fractionInside(area) >= 0.85
            }
            guard !inner.isEmpty, outer.isUnsure || inner.contains(where: { atoms[$0].isUnsure }) else { continue }
            let group = StrokeGroup(outer.inks + inner.flatMap { atoms[$0].inks })
            let whole = Atom(group: group, label: classify(group))
            guard isDrawing(whole.primitive), whole.confidence >= minimumConfidence else { continue }
            replacement[i] = whole
            removed.formUnion(inner)
        }
        return atoms.indices.compactMap { removed.contains($0) ? nil : replacement[$0] ?? atoms[$0] }
    }

    /// Widgets and pictograms: what a small multi-part drawing can be as a whole.
    private static func isDrawing(_ primitive: Primitive) -> Bool {
        switch primitive {
        case .toggle, .checkbox, .avatar, .picker, .slider, .icon, .crossedBox: true
        default: false
        }
    }
}
