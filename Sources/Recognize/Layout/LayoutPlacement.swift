import SketchModel

/// Sibling elements found by id (the first of a repeated id): where one stands, so a layout's
/// measuring or the reading order reads it in place instead of copying it out of a dictionary.
struct ElementIndex {
    let elements: [Element]
    /// Nil for a few elements (a row's, a card's): reading them in order is cheaper than hashing.
    private let indexOfID: [String: Int]?
    private static let readInOrder = 8

    init(_ elements: [Element]) {
        self.elements = elements
        indexOfID =
            elements.count <= Self.readInOrder
            ? nil : Dictionary(zip(elements.lazy.map(\.id), elements.indices), uniquingKeysWith: { first, _ in first })
    }

    /// Where the element with this id stands, nil when none has it.
    func index(of id: String) -> Int? {
        if let indexOfID { return indexOfID[id] }
        for index in elements.indices where elements[index].id == id { return index }
        return nil
    }
}

extension LayoutFrameResolver {
    /// A node's size and, for a stack, its ``visible(_:roots:)`` children and their sizes,
    /// measured at `childrenOffered`.
    ///
    /// A size depends on the width offered only through what stretches or shrinks: a node whose
    /// size is neither ``Size/flexibleWidth`` nor ``Size/shrunk`` measures the same at any width it
    /// fits in, and so do its descendants. Placing
    /// reuses a measurement when that holds or the width is the same, so each subtree is
    /// measured once rather than again at every depth.
    struct Measured {
        var size: Size
        var childrenOffered = 0.0
        var visible: [LayoutNode] = []
        var children: [Measured] = []

        /// The children's measurements, when they hold at `offered` (the stack's inner width).
        func children(at offered: Double) -> [Measured]? {
            !(size.flexibleWidth || size.shrunk) || childrenOffered.bitPattern == offered.bitPattern ? children : nil
        }
    }

    /// A root placed by the layout: at `frame`, what it holds kept against the edges of
    /// `drawnIn` (the screen, for a bar stretched to it) or, when nil, its own.
    struct Placement {
        let root: Int
        let frame: Rect
        let drawnIn: Rect?
    }

    /// Fills in every element's ``Element/layoutFrame`` where it stands, with no lookup by id:
    /// the frames ``frames(_:layout:)`` gives by id, for elements whose ids are unique across the
    /// tree (as ``UniqueIDs`` makes a recognition's).
    func fill(uniquelyIdentified elements: inout [Element], layout: LayoutNode) {
        var placed = [Placement?](repeating: nil, count: elements.count)
        for placement in placements(elements, layout: layout) { placed[placement.root] = placement }
        for index in elements.indices {
            if let placement = placed[index] {
                Self.setLayoutFrames(&elements[index], at: placement.frame, drawnIn: placement.drawnIn)
            } else {
                Self.keepDrawnFrames(&elements[index])
            }
        }
    }

    /// ``place(_:at:drawnIn:into:)`` writing each frame into its element's ``Element/layoutFrame``.
    static func setLayoutFrames(_ element: inout Element, at frame: Rect, drawnIn: Rect? = nil) {
        element.layoutFrame = frame
        let drawn = element.frame
        let edges = drawnIn ?? element.frame
        for index in element.children.indices {
            let child = element.children[index]
            let placed = Self.frame(
                of: child.frame, in: drawn, edges: edges, placedAt: frame, shrinks: WidthRule.shrinks(child.type))
            setLayoutFrames(&element.children[index], at: placed)
        }
    }

    /// An element nothing placed, and its descendants, where they were drawn.
    static func keepDrawnFrames(_ element: inout Element) {
        element.layoutFrame = element.frame
        for index in element.children.indices { keepDrawnFrames(&element.children[index]) }
    }
}
