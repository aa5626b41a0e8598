import SketchModel

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
        return remainder(label, frame: frame)
    }

    /// The least size (longer side, points) of a group that can be no pictogram at all.
    static let largeGroup = 100.0

    /// For a group too large for what the model mostly saw in it (a card read as a camera): the
    /// primitive holding most of the probability left to the classes that fit, when it holds at
    /// least half of it; its confidence is that share, scaled down. A group smaller than
    /// ``largeGroup`` but as large as an image placeholder (``LeafRules/imageSize``) is read so only
    /// as a box (a picture's frame read as a dot), never as a pictogram (a stray corner).
    private static func remainder(_ label: GroupLabel, frame: Rect) -> (primitive: Primitive, probability: Double)? {
        let side = max(frame.width, frame.height)
        guard side >= LeafRules.imageSize else { return nil }
        var fitting: [(primitive: Primitive, probability: Double)] = []
        var unfit = 0.0
        for score in label.ranked {
            let primitive = Primitive(label: score.label)
            guard primitive != .unknown, fits(primitive, frame) else {
                unfit += score.probability
                continue
            }
            if let i = fitting.firstIndex(where: { $0.primitive == primitive }) {
                fitting[i].probability += score.probability
            } else {
                fitting.append((primitive, score.probability))
            }
        }
        guard unfit < 1, let best = fitting.max(by: { $0.probability < $1.probability }),
            side >= largeGroup || best.primitive == .box
        else { return nil }
        let share = best.probability / (1 - unfit)
        return share >= 0.5 ? (best.primitive, 0.8 * share) : nil
    }
}
