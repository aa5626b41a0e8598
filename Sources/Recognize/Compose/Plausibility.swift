/// Geometric sanity checks on the classifier's answer: a drop-down is wide, a switch is a small
/// pill, a checkbox a small square. The best-ranked class that fits the group's box wins.
enum Plausibility {
    /// The least probability for a runner-up (or an answer the model flags unknown) to be used.
    static let minimumProbability = 0.3

    static func fits(_ primitive: Primitive, _ f: Rect) -> Bool {
        let aspect = f.width / max(f.height, 1)
        let side = max(f.width, f.height)
        switch primitive {
        case .toggle: return aspect >= 1.2 && aspect <= 3.8 && f.height >= 10 && f.height <= 64
        case .checkbox: return aspect >= 0.6 && aspect <= 1.7 && side <= 64
        case .picker: return aspect >= 2.5 && f.width >= 100
        case .slider: return aspect >= 3 && f.width >= 60
        case .avatar: return aspect >= 0.6 && aspect <= 1.7 && side >= 20
        case .icon: return side <= 80
        case .dot: return side <= 16
        default: return true
        }
    }

    /// The first ranked class that fits `frame`: the top answer when the model is sure and it
    /// fits, else the best runner-up above ``minimumProbability``.
    static func best(_ label: GroupLabel, frame: Rect) -> (primitive: Primitive, probability: Double)? {
        if !label.isUnknown, let top = label.ranked.first, fits(Primitive(label: top.label), frame) {
            return (Primitive(label: top.label), top.probability)
        }
        for score in label.ranked where score.probability >= minimumProbability {
            let primitive = Primitive(label: score.label)
            if primitive != .unknown, fits(primitive, frame) { return (primitive, score.probability) }
        }
        return nil
    }
}
