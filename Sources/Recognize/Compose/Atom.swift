/// A classified stroke group: the input of composition.
struct Atom: Sendable {
    /// The strokes.
    let group: StrokeGroup
    /// The classifier's answer.
    let label: GroupLabel
    /// The pipeline's reading of it (after geometric refinement).
    var primitive: Primitive
    /// How sure the pipeline is about ``primitive``.
    var confidence: Double

    var frame: Rect { group.frame }
    var inks: [Ink] { group.inks }

    /// Wraps a classifier answer.
    init(group: StrokeGroup, label: GroupLabel) {
        self.group = group
        self.label = label
        primitive = label.isUnknown ? .unknown : Primitive(label: label.best.label)
        confidence = label.best.probability
    }
}
