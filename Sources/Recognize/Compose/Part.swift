import SketchModel

/// An element under construction, with the primitive it came from when it is a leaf.
///
/// A part is copied far more often than changed (every rule hands its level on as a new array),
/// so its fields live in one shared box: a copy costs one reference, and a change copies the box
/// only when another part still shares it.
struct Part: Sendable {
    private var storage: Storage

    var element: Element {
        _read { yield storage.element }
        _modify {
            makeUnique()
            yield &storage.element
        }
    }
    /// The primitive of the single group it was made from (nil for composites).
    var primitive: Primitive? {
        _read { yield storage.primitive }
        _modify {
            makeUnique()
            yield &storage.primitive
        }
    }
    /// The strokes the element owns directly (not through its children).
    var ownInks: [Ink] {
        _read { yield storage.ownInks }
        _modify {
            makeUnique()
            yield &storage.ownInks
        }
    }

    var frame: Rect { element.frame }
    var type: ElementType { element.type }
    /// All strokes, own and children's.
    var allInks: [Ink] {
        _read { yield storage.allInks }
        _modify {
            makeUnique()
            yield &storage.allInks
        }
    }
    /// Whether a person's correction made this group; such parts never join their neighbours.
    var isPinned: Bool {
        get { storage.isPinned }
        set {
            makeUnique()
            storage.isPinned = newValue
        }
    }

    init(element: Element, primitive: Primitive?, ownInks: [Ink], allInks: [Ink]) {
        storage = Storage(element: element, primitive: primitive, ownInks: ownInks, allInks: allInks, isPinned: false)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// A part's fields. Only a part that holds the sole reference changes them (``makeUnique()``),
    /// so no two threads ever change or read-while-changing one box.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var element: Element
        @exclusivity(unchecked) var primitive: Primitive?
        @exclusivity(unchecked) var ownInks: [Ink]
        @exclusivity(unchecked) var allInks: [Ink]
        @exclusivity(unchecked) var isPinned: Bool

        init(element: Element, primitive: Primitive?, ownInks: [Ink], allInks: [Ink], isPinned: Bool) {
            self.element = element
            self.primitive = primitive
            self.ownInks = ownInks
            self.allInks = allInks
            self.isPinned = isPinned
        }

        func copy() -> Storage {
            Storage(element: element, primitive: primitive, ownInks: ownInks, allInks: allInks, isPinned: isPinned)
        }
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
        var owned = own
        for part in absorbed { owned.append(contentsOf: part.allInks) }
        owned = owned.sortedIfNeeded { $0.order < $1.order }
        var all = owned
        for child in children { all.append(contentsOf: child.allInks) }
        // Children's and pieces' strokes are each in order already and mostly follow one another.
        all = all.sortedIfNeeded { $0.order < $1.order }
        let anchor = owned.first ?? all.first!
        let box = frame ?? unionOfFrames(all)
        let element = Element(
            id: prefix + anchor.id, type: type, frame: box, confidence: min(1, max(0, confidence)),
            strokeIds: all.map(\.id), children: children.map(\.element),
            color: InkColor.dominant(of: owned.isEmpty ? all : owned))
        return Part(element: element, primitive: primitive, ownInks: owned, allInks: all)
    }

    /// The union of the strokes' boxes, first to last (as `Rect.union` takes them).
    private static func unionOfFrames(_ inks: [Ink]) -> Rect {
        var box = inks[0].frame
        for ink in inks.dropFirst() { box = box.union(ink.frame) }
        return box
    }
}
