import SessionModel
import SketchModel

/// What a classifier made of one stroke group: ranked classes, best first.
public struct GroupLabel: Hashable, Sendable {
    /// Classes with probabilities, best first (at least one unless unknown).
    public var ranked: [LabelScore<String>]
    /// Whether nothing fits well enough.
    public var isUnknown: Bool

    /// Creates a result.
    public init(ranked: [LabelScore<String>], isUnknown: Bool = false) {
        self.ranked = ranked
        self.isUnknown = isUnknown
    }

    /// The best class, or `unknown`.
    public var best: LabelScore<String> {
        isUnknown
            ? LabelScore(label: "unknown", probability: ranked.first?.probability ?? 0)
            : ranked.first ?? LabelScore(label: "unknown", probability: 0)
    }

    /// The probability of `label` (0 when it is not ranked).
    public func probability(of label: String) -> Double { ranked.first { $0.label == label }?.probability ?? 0 }
}

/// Classifies one stroke group (a single element or primitive) into ranked classes.
///
/// The shipped implementation wraps the learned model; tests pass a table of known answers so
/// composition can be checked on already-classified groups.
public protocol GroupClassifying: Sendable {
    /// Classifies `strokes` (one element) drawn on a screen of size `frame`.
    func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel
}
