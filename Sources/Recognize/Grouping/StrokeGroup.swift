import SketchModel

/// Strokes the pipeline treats as one candidate element (or one primitive of an element).
struct StrokeGroup: Sendable, Hashable {
    /// The strokes, in drawing order.
    let inks: [Ink]
    /// The union of their boxes.
    let frame: Rect
    /// Identity of the group for caches (its strokes' sorted fingerprints).
    let key: GroupKey

    init(_ inks: [Ink]) {
        precondition(!inks.isEmpty, "a stroke group needs a stroke")
        // Most groups come in drawing order already: then there is nothing to sort.
        let inOrder = zip(inks, inks.dropFirst()).allSatisfy { $0.order < $1.order }
        self.inks = inOrder ? inks : inks.sorted { $0.order < $1.order }
        frame = Rect.union(inks.lazy.map(\.frame))!
        key = GroupKey(inks)
    }

    /// Stroke ids in drawing order.
    var strokeIDs: [String] { inks.map(\.id) }

    /// Drawing order of the first stroke.
    var firstOrder: Int { inks[0].order }
}
