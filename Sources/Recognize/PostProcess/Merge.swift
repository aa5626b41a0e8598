import SketchModel

/// Uniting two elements into one.
enum Merge {
    /// `a` and `b` as one element: the more confident type (or `a`'s with `keepType`), the union
    /// of boxes, strokes and children. A corrected element always keeps its type.
    static func union(_ a: Element, _ b: Element, keepType: Bool = false) -> Element {
        let aWins = keepType || a.corrected || (!b.corrected && (a.confidence, b.id) >= (b.confidence, a.id))
        var winner = aWins ? a : b
        let loser = aWins ? b : a
        winner.frame = a.frame.union(b.frame)
        winner.strokeIds = strokes(a.strokeIds, b.strokeIds)
        let known = Set(winner.children.map(\.id))
        winner.children += loser.children.filter { !known.contains($0.id) }
        winner.text = winner.text ?? loser.text
        return winner
    }

    /// The union of two stroke lists, keeping the first list's order.
    static func strokes(_ a: [String], _ b: [String]) -> [String] {
        let known = Set(a)
        return a + b.filter { !known.contains($0) }
    }
}
