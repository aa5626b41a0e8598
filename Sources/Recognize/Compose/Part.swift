import SketchModel

/// An element under construction, with the primitive it came from when it is a leaf.
struct Part: Sendable {
    var element: Element
    /// The primitive of the single group it was made from (nil for composites).
    var primitive: Primitive?
    /// The strokes the element owns directly (not through its children).
    var ownInks: [Ink]

    var frame: Rect { element.frame }
    var type: ElementType { element.type }
    /// All strokes, own and children's.
    var allInks: [Ink]
    /// Whether a person's correction made this group; such parts never join their neighbours.
    var isPinned = false

    init(element: Element, primitive: Primitive?, ownInks: [Ink], allInks: [Ink]) {
        self.element = element
        self.primitive = primitive
        self.ownInks = ownInks
        self.allInks = allInks
    }

    /// A dot (a tiny circle) waiting to join a page control.
    var isDot: Bool { dotCount > 0 }

    /// How many dots it is (a group of dots drawn in quick succession counts them all).
    var dotCount: Int {
        switch primitive {
        case .dot: 1
        case .dots(let count): count
        default: 0
        }
    }
    /// Handwriting read as text (words, never a widget's pictogram).
    var isWriting: Bool { element.textConfidence != nil }
    /// A vertical straight line.
    var isVerticalLine: Bool { primitive == .verticalLine || (type == .divider && frame.height > frame.width) }
    /// A horizontal straight line.
    var isHorizontalLine: Bool { type == .divider && frame.width >= frame.height }

    /// The same strokes read as text.
    var asLabel: Part {
        var part = self
        part.element.type = .label
        part.primitive = .squiggle
        return part
    }
}

/// Builds elements with stable ids, stroke lists and colours.
enum ElementMaker {
    /// Makes a part of `type` that owns `own` strokes and holds `children`.
    ///
    /// The id is `prefix` + the first stroke the element owns (or, for an aggregate that owns
    /// none, the first stroke of all), so it survives edits elsewhere on the screen.
    static func make(
        _ type: ElementType, own: [Ink], children: [Part] = [], absorbed: [Part] = [], confidence: Double,
        prefix: String = "e-", frame: Rect? = nil, primitive: Primitive? = nil
    ) -> Part {
        let owned = (own + absorbed.flatMap(\.allInks)).sorted { $0.order < $1.order }
        let all = (owned + children.flatMap(\.allInks)).sorted { $0.order < $1.order }
        let anchor = owned.first ?? all.first!
        let box = frame ?? Rect.union(all.map(\.frame))!
        let element = Element(
            id: prefix + anchor.id, type: type, frame: box, confidence: min(1, max(0, confidence)),
            strokeIds: all.map(\.id), children: children.map(\.element), color: InkColor.dominant(of: owned.isEmpty ? all : owned))
        return Part(element: element, primitive: primitive, ownInks: owned, allInks: all)
    }
}

/// Stroke colour carried over to elements.
enum InkColor {
    /// The colour covering the most ink, or nil when that is the default dark ink.
    static func dominant(of inks: [Ink]) -> String? {
        if let first = inks.first, inks.allSatisfy({ $0.color == first.color }) {
            let only = first.color.lowercased()
            return isDefaultInk(only) ? nil : only
        }
        var lengths: [String: Double] = [:]
        for ink in inks { lengths[ink.color.lowercased(), default: 0] += max(ink.length, 1) }
        guard let best = lengths.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first?.key else { return nil }
        return isDefaultInk(best) ? nil : best
    }

    /// Black, near-black and dark greys count as plain ink.
    static func isDefaultInk(_ hex: String) -> Bool {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return true }
        let r = Int(value >> 16 & 0xff), g = Int(value >> 8 & 0xff), b = Int(value & 0xff)
        return max(r, g, b) < 0x50 && max(r, g, b) - min(r, g, b) < 0x20
    }
}
