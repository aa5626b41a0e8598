import SketchModel

/// The classifier's answer for one stroke group.
public struct Classification: Sendable, Hashable {
    /// One class with its calibrated probability; all candidates plus ``noneProbability`` sum to 1.
    public typealias Candidate = LabelScore<PrimitiveClass>

    /// Every class the model knows, most probable first (ties broken by declaration order).
    public var ranked: [Candidate]
    /// Calibrated probability that the group is none of the classes (scribbles, stray marks).
    public var noneProbability: Double
    /// True when nothing fits: see ``UnknownRule``.
    public var isUnknown: Bool

    /// Creates a classification from ranked candidates.
    public init(ranked: [Candidate], noneProbability: Double = 0, isUnknown: Bool) {
        self.ranked = ranked
        self.noneProbability = noneProbability
        self.isUnknown = isUnknown
    }

    /// The most probable class (also meaningful when ``isUnknown`` is true, as a hint).
    public var best: Candidate { ranked[0] }

    /// The probability of one class (0 when the model does not know it).
    public func probability(of label: PrimitiveClass) -> Double {
        ranked.first { $0.label == label }?.probability ?? 0
    }

    /// The most probable class among `allowed`, with its probability renormalised over `allowed`.
    ///
    /// `sketchctl classify` uses this to restrict the answer to the twenty DoodleUINet classes.
    public func best(among allowed: [PrimitiveClass]) -> Candidate? {
        let kept = ranked.filter { allowed.contains($0.label) }
        guard let top = kept.first else { return nil }
        let mass = kept.reduce(0) { $0 + $1.probability }
        return Candidate(label: top.label, probability: mass > 0 ? top.probability / mass : 0)
    }
}
