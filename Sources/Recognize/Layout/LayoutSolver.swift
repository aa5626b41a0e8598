import SketchModel

/// Turns a stack hierarchy into ``LayoutNode``s: spacing, padding, alignment and spacers, all on
/// the 8-point grid and relative to the screen (no absolute positions), so the same tree works on
/// a narrower or wider phone.
struct LayoutSolver: Sendable {
    /// The grid everything snaps to.
    static let grid = 8.0
    /// A gap this much larger than the stack's spacing becomes a ``LayoutNode/spacer(minLength:)``.
    static let spacerFactor = 2.0
    static let spacerMinimum = 32.0

    static func snap(_ value: Double) -> Double { max(0, (value / grid).rounded() * grid) }

    /// The layout of a whole screen: a root VStack padded from the frame's edges. The exporter
    /// pins it to the top of the screen, so no trailing spacer is needed to push content up.
    func screen(_ tree: StackTree?, canvas: Rect) -> LayoutNode {
        guard let tree else { return .vstack(.init(spacing: 0, alignment: "center", children: [.spacer(minLength: 0)])) }
        let content = tree.frame
        var root: LayoutNode.Stack
        switch node(tree) {
        case .vstack(let stack): root = stack
        case let other: root = .init(spacing: 0, alignment: "leading", children: [Self.placed(other, frame: content, in: content)])
        }
        root.padding = LayoutNode.Insets(
            top: Self.snap(content.minY - canvas.minY), leading: Self.snap(content.minX - canvas.minX),
            bottom: 0, trailing: Self.snap(canvas.maxX - content.maxX))
        return .vstack(root)
    }

    /// One subtree.
    func node(_ tree: StackTree) -> LayoutNode {
        switch tree {
        case .leaf(let id, _): return .element(id: id)
        case .stack(nil, let children):
            return .zstack(.init(spacing: 0, alignment: "center", children: children.map(node)))
        case .stack(let axis?, let children):
            let frames = children.map(\.frame)
            let gaps = zip(frames, frames.dropFirst()).map { a, b in axis == .vertical ? max(0, b.minY - a.maxY) : max(0, b.minX - a.maxX) }
            let spacing = Self.snap(Self.median(gaps.filter { $0 <= Self.spacerMinimum * 2 }) ?? Self.grid)
            // A column's spacing is its smallest gap, so every wider gap is kept as padding.
            if axis == .vertical { return .vstack(column(children, gaps: gaps, spacing: Self.snap(gaps.min() ?? Self.grid))) }
            var nodes: [LayoutNode] = []
            for (i, child) in children.enumerated() {
                if i > 0, gaps[i - 1] > max(Self.spacerFactor * spacing, spacing + Self.spacerMinimum) {
                    nodes.append(.spacer(minLength: spacing))
                }
                nodes.append(node(child))
            }
            return .hstack(LayoutNode.Stack(spacing: spacing, alignment: Self.alignment(frames, axis: axis), children: nodes))
        }
    }

    /// A VStack that keeps the drawing: leading-aligned, each child placed where it was drawn
    /// across the column (``placed(_:frame:in:)``), and a gap wider than the spacing kept as top
    /// padding rather than a flexible spacer. Each padding is snapped so that the child's top lands
    /// nearest where it was drawn, so the grid's rounding does not add up down a long column.
    func column(_ children: [StackTree], gaps: [Double], spacing: Double) -> LayoutNode.Stack {
        let column = Rect.union(children.map(\.frame))!
        var drift = 0.0
        let nodes = children.enumerated().map { i, child -> LayoutNode in
            guard i > 0 else { return Self.placed(node(child), frame: child.frame, in: column, top: 0) }
            let extra = Self.snap(gaps[i - 1] - spacing - drift)
            drift += spacing + extra - gaps[i - 1]
            return Self.placed(node(child), frame: child.frame, in: column, top: extra)
        }
        return LayoutNode.Stack(spacing: spacing, alignment: "leading", children: nodes)
    }

    /// A column child at its drawn place: spanning the column as it is, centred between two
    /// spacers, trailing after one (inset from the trailing edge when it is nearer that edge than
    /// the leading one), or leading after its indent; `top` is extra space above it.
    static func placed(_ node: LayoutNode, frame: Rect, in column: Rect, top: Double = 0) -> LayoutNode {
        let indent = snap(frame.minX - column.minX)
        let inset = snap(column.maxX - frame.maxX)
        let centred = abs(frame.midX - column.midX) <= grid
        var children: [LayoutNode] = []
        var leading = 0.0, trailing = 0.0
        if frame.width >= 0.9 * column.width {
            children = []
        } else if centred {
            children = [.spacer(minLength: 0), node, .spacer(minLength: 0)]
        } else if inset < indent {
            children = [.spacer(minLength: 0), node]
            trailing = inset
        } else if indent > 0 {
            children = [node, .spacer(minLength: 0)]
            leading = indent
        }
        let padding = LayoutNode.Insets(top: top, leading: leading, bottom: 0, trailing: trailing)
        if !children.isEmpty { return .hstack(.init(spacing: 0, alignment: "center", padding: padding, children: children)) }
        return top > 0 ? .vstack(.init(spacing: 0, alignment: "leading", padding: padding, children: [node])) : node
    }

    /// Cross-axis alignment: the edge the children share best; centred when they share the
    /// centre or span the stack (SwynthUI prefers centred alignment).
    static func alignment(_ frames: [Rect], axis: StackTree.Axis) -> String {
        let union = Rect.union(frames)!
        let tolerance = grid
        func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
        if axis == .vertical {
            if frames.allSatisfy({ $0.width >= 0.9 * union.width }) || spread(frames.map(\.midX)) <= tolerance { return "center" }
            if spread(frames.map(\.minX)) <= tolerance { return "leading" }
            if spread(frames.map(\.maxX)) <= tolerance { return "trailing" }
            return "leading"
        }
        if spread(frames.map(\.midY)) <= tolerance || frames.allSatisfy({ $0.height >= 0.9 * union.height }) { return "center" }
        if spread(frames.map(\.minY)) <= tolerance { return "top" }
        if spread(frames.map(\.maxY)) <= tolerance { return "bottom" }
        return "center"
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
