/// Which atom holds the stroke at each place in drawing order, for the rules that look at a
/// stroke's neighbours in drawing order (``OutlineLeftovers``, ``DetachedSides``): an array, so
/// a lookup hashes nothing.
struct AtomOfOrder {
    /// The index of the atom holding the stroke at each place (the first such atom); nil where
    /// no atom holds one.
    private var atomAt: [Int?]

    init(_ atoms: [Atom]) {
        var last = -1
        for atom in atoms { for ink in atom.inks { last = max(last, ink.order) } }
        atomAt = [Int?](repeating: nil, count: last + 1)
        for i in atoms.indices {
            for ink in atoms[i].inks where atomAt[ink.order] == nil { atomAt[ink.order] = i }
        }
    }

    /// The atom holding the stroke drawn at `order`, if any.
    subscript(order: Int) -> Int? { atomAt.indices.contains(order) ? atomAt[order] : nil }
}
