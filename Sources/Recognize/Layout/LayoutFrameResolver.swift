import SketchModel

/// Where the generated SwiftUI puts each element on the screen's device size: a model of
/// SwiftUI's stack layout over a ``LayoutNode`` tree (padding, spacing, alignment, spacers).
///
/// The model's assumptions about the emitted code:
/// - the root stack sits in `.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)`,
///   so it starts at the screen's top leading corner;
/// - an element has its (snapped) drawn size, except that one its ``WidthRule`` makes full width
///   takes the width its stack offers (`.frame(maxWidth: .infinity)`), and any other element that
///   is not of a fixed size (``WidthRule/fixedSizeTypes``) takes its drawn width at most
///   (`.frame(maxWidth:)`), so on a narrower phone it shrinks to what it is offered;
/// - an HStack whose children want more than its width gives each child its least width (what is
///   of a fixed size in it) and shares the rest, the child that can give up least first, each
///   taking no more than it wants (SwiftUI's order by flexibility);
/// - spacers share what is left along their stack's axis; with no spacer a stack is as big as its
///   content;
/// - navigation and tab bars are chrome, full width at their drawn height and place, and the
///   content keeps their height clear (the navigation bar pushes the content down);
/// - children of an element keep their drawn offset inside it.
///
/// The layout is solved on the screen it was drawn on and stays the same code on any phone: the
/// resolver lays it out at another device width (`screen`) to check that it still fits.
public struct LayoutFrameResolver: Sendable {
    /// The screen's device size.
    public let screen: Rect
    /// The screen the elements were drawn on (their frames are in it): which elements fill their
    /// stack, and the edges a bar's items were drawn against, are read off it.
    public let drawn: Rect
    /// Whether elements of this type (navigation and tab bars) are drawn outside the content stack.
    static func isChrome(_ type: ElementType) -> Bool {
        switch type {
        case .navigationBar, .tabBar: true
        default: false
        }
    }

    /// A resolver for elements drawn on `drawn` (the device itself when nil), laid out on a
    /// device of the size of `screen`.
    public init(screen: Rect, drawn: Rect? = nil) {
        self.screen = screen
        self.drawn = drawn ?? screen
    }

    /// `layoutFrame` for every element id (roots and descendants) under `layout`.
    public func frames(_ elements: [Element], layout: LayoutNode) -> [String: Rect] {
        var result = [String: Rect](minimumCapacity: elements.reduce(0) { $0 + $1.treeSize })
        for placement in placements(elements, layout: layout) {
            place(elements[placement.root], at: placement.frame, drawnIn: placement.drawnIn, into: &result)
        }
        return result
    }

    /// Elements with ``Element/layoutFrame`` filled in, recursively; ids are unique on the screen,
    /// as a recognition makes them (``fill(uniquelyIdentified:layout:)``).
    public func apply(_ elements: [Element], layout: LayoutNode) -> [Element] {
        var filled = elements
        fill(uniquelyIdentified: &filled, layout: layout)
        return filled
    }

    /// Where each root goes, in the order they are placed (a root named twice is placed twice):
    /// the bars stretched to the screen's edges, then the content as the layout stacks it.
    func placements(_ elements: [Element], layout: LayoutNode) -> [Placement] {
        let roots = ElementIndex(elements)
        var result: [Placement] = []
        result.reserveCapacity(elements.count)
        // A bar is stretched to the screen's edges, but what is drawn in it keeps its place on the
        // screen: a bar drawn a little narrower does not push its items outward.
        for index in elements.indices where Self.isChrome(elements[index].type) {
            let bar = elements[index].frame
            result.append(
                Placement(
                    root: index, frame: Rect(x: screen.minX, y: bar.minY, width: screen.width, height: bar.height),
                    drawnIn: drawn))
        }
        let rule = WidthRule(screenWidth: drawn.width, layout: layout)
        let measured = measure(layout, offered: screen.width, roots: roots, rule: rule, axis: nil)
        let root = measured.size
        let width = root.flexibleWidth ? screen.width : min(root.width, screen.width)
        let height = root.flexibleHeight ? max(screen.height, root.height) : root.height
        let frame = Rect(x: screen.minX, y: screen.minY, width: width, height: height)
        place(layout, in: frame, measured: measured, roots: roots, rule: rule, into: &result)
        return result
    }

    // MARK: Measuring

    struct Size {
        var width: Double
        var height: Double
        var flexibleWidth = false
        var flexibleHeight = false
        /// Whether something in it took less than it wants because it was offered less, so that
        /// its size depends on the width offered.
        var shrunk = false
        /// The least width it takes however little it is offered: what is of a fixed size in it,
        /// spacers' least lengths, spacing and padding.
        var minimumWidth = 0.0
    }

    func measure(_ node: LayoutNode, offered: Double, roots: ElementIndex, rule: WidthRule, axis: StackTree.Axis?)
        -> Measured
    {
        switch node {
        case .element(let id):
            guard let index = roots.index(of: id) else { return Measured(size: Size(width: 0, height: 0)) }
            let frame = roots.elements[index].frame
            // A bar becomes chrome that takes its height above (or below) the content.
            if Self.isChrome(roots.elements[index].type) { return Measured(size: Size(width: 0, height: frame.height)) }
            let flexible = rule.fillsWidth(roots.elements[index])
            let shrinks = WidthRule.shrinks(roots.elements[index].type)
            // In an HStack a stretching element's drawn width is only what it wants before it grows.
            let wanted = flexible && axis != .horizontal ? offered : frame.width
            let width = shrinks ? min(wanted, max(0, offered)) : wanted
            return Measured(
                size: Size(
                    width: width, height: frame.height, flexibleWidth: flexible, shrunk: width < wanted,
                    minimumWidth: shrinks ? 0 : width))
        case .spacer(let minLength):
            return Measured(
                size: axis == .horizontal
                    ? Size(width: minLength, height: 0, flexibleWidth: true, minimumWidth: minLength)
                    : Size(width: 0, height: minLength, flexibleHeight: true))
        case .vstack(let s), .hstack(let s), .zstack(let s):
            let stackAxis = Self.axis(of: node)
            let inner = max(0, offered - s.padding.leading - s.padding.trailing)
            let shown = visible(s, roots: roots)
            var children = shown.map { measure($0, offered: inner, roots: roots, rule: rule, axis: stackAxis) }
            let spacing = s.spacing * Double(max(0, children.count - 1))
            if stackAxis == .horizontal {
                children = shared(shown, children, width: inner - spacing, roots: roots, rule: rule)
            }
            let sizes = children.map(\.size)
            var size = Size(width: 0, height: 0)
            switch stackAxis {
            case .vertical?:
                size.width = sizes.map(\.width).max() ?? 0
                size.height = sizes.map(\.height).reduce(0, +) + spacing
                size.minimumWidth = sizes.map(\.minimumWidth).max() ?? 0
            case .horizontal?:
                size.width = sizes.map(\.width).reduce(0, +) + spacing
                size.height = sizes.map(\.height).max() ?? 0
                size.minimumWidth = sizes.map(\.minimumWidth).reduce(0, +) + spacing
            case nil:
                size.width = sizes.map(\.width).max() ?? 0
                size.height = sizes.map(\.height).max() ?? 0
                size.minimumWidth = sizes.map(\.minimumWidth).max() ?? 0
            }
            size.flexibleWidth = sizes.contains(where: \.flexibleWidth)
            size.flexibleHeight = sizes.contains(where: \.flexibleHeight)
            size.shrunk = sizes.contains(where: \.shrunk)
            if size.flexibleWidth { size.width = max(size.width, inner) }
            size.width += s.padding.leading + s.padding.trailing
            size.minimumWidth += s.padding.leading + s.padding.trailing
            size.height += s.padding.top + s.padding.bottom
            return Measured(size: size, childrenOffered: inner, visible: shown, children: children)
        }
    }

    /// An HStack's children measured again when together they want more than `width` (the
    /// stack's inner width less its spacing): each keeps its least width, and what is left is
    /// shared out, the child that can give up least first, each offered an equal part of what remains and
    /// taking no more than it wants. Children that fit are returned as measured.
    func shared(_ nodes: [LayoutNode], _ children: [Measured], width: Double, roots: ElementIndex, rule: WidthRule)
        -> [Measured]
    {
        let wanted = children.map(\.size.width)
        guard wanted.reduce(0, +) > width + 0.001 else { return children }
        let least = children.map(\.size.minimumWidth)
        var left = max(0, width - least.reduce(0, +))
        var result = children
        let order = children.indices.sorted { (wanted[$0] - least[$0], $0) < (wanted[$1] - least[$1], $1) }
        for (rank, index) in order.enumerated() {
            let extra = min(wanted[index] - least[index], left / Double(order.count - rank))
            left -= extra
            let offered = least[index] + extra
            guard offered < wanted[index] else { continue }
            result[index] = measure(nodes[index], offered: offered, roots: roots, rule: rule, axis: .horizontal)
            result[index].size.shrunk = true
        }
        return result
    }

    /// The children of a stack that take room (an element missing from the recognition takes none).
    func visible(_ s: LayoutNode.Stack, roots: ElementIndex) -> [LayoutNode] {
        s.children.filter { child in
            if case .element(let id) = child { return roots.index(of: id) != nil }
            return true
        }
    }

    static func axis(of node: LayoutNode) -> StackTree.Axis? {
        switch node {
        case .vstack: .vertical
        case .hstack: .horizontal
        default: nil
        }
    }

    // MARK: Placing

    /// Places `node` (`measured`, at some width) in `frame`.
    func place(
        _ node: LayoutNode, in frame: Rect, measured: Measured, roots: ElementIndex, rule: WidthRule,
        into result: inout [Placement]
    ) {
        switch node {
        case .element(let id):
            if let index = roots.index(of: id), !Self.isChrome(roots.elements[index].type) {
                result.append(Placement(root: index, frame: frame, drawnIn: nil))
            }
        case .spacer:
            return
        case .vstack(let s), .hstack(let s), .zstack(let s):
            let axis = Self.axis(of: node)
            let inner = Rect(
                minX: frame.minX + s.padding.leading, minY: frame.minY + s.padding.top,
                maxX: frame.maxX - s.padding.trailing, maxY: frame.maxY - s.padding.bottom)
            let children = measured.visible
            let measures =
                measured.children(at: inner.width)
                ?? measure(node, offered: frame.width, roots: roots, rule: rule, axis: nil).children
            let sizes = measures.map(\.size)
            guard let axis else {
                for (index, child) in children.enumerated() {
                    let slot = Self.aligned(sizes[index], in: inner, horizontal: "center", vertical: "center")
                    place(child, in: slot, measured: measures[index], roots: roots, rule: rule, into: &result)
                }
                return
            }
            let along = axis == .vertical ? inner.height : inner.width
            let used =
                sizes.map { axis == .vertical ? $0.height : $0.width }.reduce(0, +) + s.spacing
                * Double(max(0, sizes.count - 1))
            let growers = sizes.indices.filter {
                axis == .vertical ? sizes[$0].flexibleHeight : Self.growsHorizontally(children[$0], sizes[$0])
            }
            let extra = max(0, along - used)
            let share = growers.isEmpty ? 0 : extra / Double(growers.count)
            var cursor = axis == .vertical ? inner.minY : inner.minX
            for (index, child) in children.enumerated() {
                var size = sizes[index]
                if growers.contains(index) {
                    if axis == .vertical { size.height += share } else { size.width += share }
                }
                let slot: Rect
                if axis == .vertical {
                    let width = size.flexibleWidth ? inner.width : min(size.width, inner.width)
                    slot = Self.aligned(
                        Size(width: width, height: size.height),
                        in: Rect(x: inner.minX, y: cursor, width: inner.width, height: size.height),
                        horizontal: s.alignment, vertical: "center")
                    cursor += size.height + s.spacing
                } else {
                    let height = size.flexibleHeight ? inner.height : min(size.height, inner.height)
                    slot = Self.aligned(
                        Size(width: size.width, height: height),
                        in: Rect(x: cursor, y: inner.minY, width: size.width, height: inner.height),
                        horizontal: "center", vertical: s.alignment)
                    cursor += size.width + s.spacing
                }
                place(child, in: slot, measured: measures[index], roots: roots, rule: rule, into: &result)
            }
        }
    }

    /// In an HStack, spacers and stretching elements share the free width (their measured width
    /// is only a minimum there).
    static func growsHorizontally(_ node: LayoutNode, _ size: Size) -> Bool {
        if case .spacer = node { return true }
        return size.flexibleWidth
    }

    /// A box of `size` inside `slot` at the alignment's edge or centre.
    static func aligned(_ size: Size, in slot: Rect, horizontal: String, vertical: String) -> Rect {
        let x: Double =
            switch horizontal {
            case "leading": slot.minX
            case "trailing": slot.maxX - size.width
            default: slot.minX + (slot.width - size.width) / 2
            }
        let y: Double =
            switch vertical {
            case "top": slot.minY
            case "bottom": slot.maxY - size.height
            default: slot.minY + (slot.height - size.height) / 2
            }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// An element at `frame`, its descendants at their drawn offsets from the top and from the edge
    /// (or centre) they were drawn against, so a widened row keeps its trailing controls. The edges
    /// are those of `drawnIn` when given (the screen, for a bar stretched to it), else the element's.
    func place(_ element: Element, at frame: Rect, drawnIn: Rect? = nil, into result: inout [String: Rect]) {
        result[element.id] = frame
        for child in element.children {
            let placed = Self.frame(
                of: child.frame, in: element.frame, edges: drawnIn ?? element.frame, placedAt: frame,
                shrinks: WidthRule.shrinks(child.type))
            place(child, at: placed, into: &result)
        }
    }

    /// Where a child drawn at `child` goes when its parent, drawn at `parent` against `edges`, is
    /// placed at `frame`: at its drawn offset from the top and from the edge (or centre) it was
    /// drawn against. A parent placed narrower than the child's place needs keeps the child inside
    /// it: a child that `shrinks` (``WidthRule/shrinks(_:)``) keeps its drawn insets from the edges
    /// and narrows, any other moves in.
    static func frame(of child: Rect, in parent: Rect, edges: Rect, placedAt frame: Rect, shrinks: Bool) -> Rect {
        let dy = frame.minY - parent.minY
        var x = HorizontalPlacement.x(of: child, drawnIn: edges, placedIn: frame)
        var width = child.width
        if x < frame.minX || x + width > frame.maxX {
            let leading = max(0, child.minX - edges.minX)
            let trailing = max(0, edges.maxX - child.maxX)
            let room = frame.width - leading - trailing
            if shrinks, width > room {
                width = max(0, room)
                x = frame.minX + leading
            } else {
                x = max(frame.minX, min(x, frame.maxX - width))
            }
        }
        return Rect(x: x, y: child.minY + dy, width: width, height: child.height)
    }
}
