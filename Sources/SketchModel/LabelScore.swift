/// One ranked class and how probable it is: a classifier's candidate (`Label` a shape class), a
/// group's ranked label (`Label` a class name) and a detection's runner-up are all this type.
///
/// Its JSON form is `{"label": ..., "confidence": ...}`, the runner-up of a detection on the wire.
public struct LabelScore<Label: Hashable & Sendable>: Hashable, Sendable {
    /// The class.
    public var label: Label
    /// Calibrated probability 0...1.
    public var probability: Double

    /// Creates a score.
    public init(label: Label, probability: Double) {
        self.label = label
        self.probability = probability
    }
}

extension LabelScore: Codable where Label: Codable {
    private enum CodingKeys: String, CodingKey {
        case label
        case probability = "confidence"
    }
}
