import SessionModel

/// A stroke as the key of its measured ``Ink``: hashed by id and point count, equal only to an
/// equal stroke (ids are reused across sessions), which costs a pointer comparison when both
/// share the logged points.
struct StrokeKey: Hashable, Sendable {
    let stroke: Stroke

    func hash(into hasher: inout Hasher) {
        hasher.combine(stroke.id)
        hasher.combine(stroke.points.count)
    }

    static func == (a: StrokeKey, b: StrokeKey) -> Bool { a.stroke == b.stroke }
}
