import SketchModel

/// Strokes the pipeline treats as one candidate element (or one primitive of an element).
struct StrokeGroup: Sendable, Hashable {
    /// The strokes, in drawing order.
    let inks: [Ink]
    /// The union of their boxes.
    let frame: Rect

    init(_ inks: [Ink]) {
        precondition(!inks.isEmpty, "a stroke group needs a stroke")
        self.inks = inks.sorted { $0.order < $1.order }
        frame = Rect.union(inks.map(\.frame))!
    }

    /// Stroke ids in drawing order.
    var strokeIDs: [String] { inks.map(\.id) }

    /// Identity of the group for caches: its strokes' fingerprints, sorted (so the same strokes
    /// always give the same key, and reused ids with other points never collide).
    var key: String { inks.map(\.fingerprint).sorted().map { String($0, radix: 16) }.joined(separator: ".") }

    /// Drawing order of the first stroke.
    var firstOrder: Int { inks[0].order }
}
