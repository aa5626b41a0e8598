import SketchModel

/// Turns a stack hierarchy into ``LayoutNode``s: spacing, padding, alignment and spacers, all on
/// the 8-point grid and relative to the screen (no absolute positions), so the same tree works on
/// a narrower or wider phone.
struct LayoutSolver: Sendable {
    /// Ids of the bars (navigation, tab): chrome the layout stretches to the screen, so their drawn
    /// width sets neither the content column nor the root's padding.
    var chromeIDs: Set<String> = []
    /// The screen's width: an element drawn across ``WidthRule/fullWidthShare`` of it fills its
    /// column as one drawn across ``WidthRule/columnShare`` of the column does.
    var screenWidth = 0.0

    /// The grid everything snaps to.
    static let grid = 8.0
    /// A gap this much larger than the stack's spacing becomes a ``LayoutNode/spacer(minLength:)``.
    static let spacerFactor = 2.0
    static let spacerMinimum = 32.0

    static func snap(_ value: Double) -> Double { max(0, (value / grid).rounded() * grid) }

    /// The layout of a whole screen: a root VStack padded from the frame's edges. The exporter
    /// pins it to the top of the screen, so no trailing spacer is needed to push content up.
    func screen(_ tree: StackTree?, canvas: Rect) -> LayoutNode {
        guard let tree else {
            return .vstack(.init(spacing: 0, alignment: "center", children: [.spacer(minLength: 0)]))
        }
        let content = tree.frame
        let rows: [StackTree] = if case .stack(.vertical?, let children) = tree { children } else { [tree] }
        let margins = Self.margins(of: columnFrame(rows), in: canvas)
        let across = Rect(
            minX: canvas.minX + margins.leading, minY: content.minY, maxX: canvas.maxX - margins.trailing,
            maxY: content.maxY)
        var root =
            rows.count > 1
            ? column(rows, in: across, centre: canvas.midX)
            : LayoutNode.Stack(
                spacing: 0, alignment: "leading",
                children: [placed(node(tree), frame: content, in: across, centre: canvas.midX)])
        root.padding = LayoutNode.Insets(
            top: Self.snap(content.minY - canvas.minY), leading: margins.leading, bottom: 0, trailing: margins.trailing)
        return .vstack(root)
    }

    /// The root's horizontal padding: the content's margins, the same on both sides when the
    /// content is centred on the screen within ``grid`` (so what is centred in the column is
    /// centred on the screen, and the code says `.padding(.horizontal, x)`), and when it leaves
    /// more room on the trailing side: a ragged trailing edge is where the drawing stopped, not
    /// a margin, and what is centred stays centred on the screen without a padding to balance it.
    static func margins(of content: Rect, in canvas: Rect) -> (leading: Double, trailing: Double) {
        let leading = content.minX - canvas.minX
        let trailing = canvas.maxX - content.maxX
        if trailing > leading { return (snap(leading), snap(leading)) }
        guard abs(leading - trailing) <= 2 * grid else { return (snap(leading), snap(trailing)) }
        let both = snap(min(leading, trailing))
        return (both, both)
    }

    /// One subtree.
    func node(_ tree: StackTree) -> LayoutNode {
        switch tree {
        case .leaf(let id, _): return .element(id: id)
        case .stack(nil, let children):
            return .zstack(.init(spacing: 0, alignment: "center", children: children.map(node)))
        case .stack(.vertical?, let children):
            return .vstack(column(children, in: columnFrame(children)))
        case .stack(.horizontal?, let children):
            let frames = children.map(\.frame)
            let gaps = Self.gaps(frames, axis: .horizontal)
            let spacing = Self.snap(Self.median(gaps.filter { $0 <= Self.spacerMinimum * 2 }) ?? Self.grid)
            var nodes: [LayoutNode] = []
            for (i, child) in children.enumerated() {
                if i > 0, gaps[i - 1] > max(Self.spacerFactor * spacing, spacing + Self.spacerMinimum) {
                    nodes.append(.spacer(minLength: spacing))
                }
                nodes.append(node(child))
            }
            return .hstack(
                LayoutNode.Stack(
                    spacing: spacing, alignment: Self.alignment(frames, axis: .horizontal), children: nodes))
        }
    }

    /// The empty space between neighbouring frames along `axis`.
    static func gaps(_ frames: [Rect], axis: StackTree.Axis) -> [Double] {
        zip(frames, frames.dropFirst()).map { a, b in
            axis == .vertical ? max(0, b.minY - a.maxY) : max(0, b.minX - a.maxX)
        }
    }

    /// A VStack that keeps the drawing: leading-aligned, each child placed where it was drawn
    /// across `frame` (``placed(_:frame:in:)``), and a gap wider than the spacing kept as top
    /// padding rather than a flexible spacer. The spacing is the smallest gap, so every wider gap
    /// is kept as padding. Each padding is snapped so that the child's top lands nearest where it
    /// was drawn, so the grid's rounding does not add up down a long column.
    func column(_ children: [StackTree], in frame: Rect, centre: Double? = nil) -> LayoutNode.Stack {
        let frames = children.map(\.frame)
        let gaps = Self.gaps(frames, axis: .vertical)
        let spacing = Self.snap(gaps.min() ?? Self.grid)
        var drift = 0.0
        let nodes = children.enumerated().map { i, child -> LayoutNode in
            guard i > 0 else { return placed(node(child), frame: frames[i], in: frame, centre: centre) }
            let extra = Self.snap(gaps[i - 1] - spacing - drift)
            drift += spacing + extra - gaps[i - 1]
            return placed(node(child), frame: frames[i], in: frame, centre: centre, top: extra)
        }
        return LayoutNode.Stack(spacing: spacing, alignment: "leading", children: nodes)
    }

    /// The extent of a column's content: its children but bars, which are stretched to the screen
    /// whatever their drawn width (all of them when there is nothing else).
    func columnFrame(_ children: [StackTree]) -> Rect {
        let content = children.filter { child in
            if case .leaf(let id, _) = child { return !chromeIDs.contains(id) }
            return true
        }
        return Rect.union(content.map(\.frame)) ?? Rect.union(children.map(\.frame))!
    }

    /// A column child at its drawn place: spanning the column as it is, centred between two
    /// spacers, trailing after one (inset from the trailing edge when it is nearer that edge than
    /// the leading one), or leading after its indent; `top` is extra space above it.
    ///
    /// Centred means centred on `centre` (the screen's centre for the root column, else the
    /// column's): when the column is not centred there, padding on its wider side keeps a centred
    /// child, whether between spacers or spanning the column, centred where it was drawn.
    func placed(_ node: LayoutNode, frame: Rect, in column: Rect, centre: Double? = nil, top: Double = 0) -> LayoutNode
    {
        let centre = centre ?? column.midX
        let indent = Self.snap(frame.minX - column.minX)
        let inset = Self.snap(column.maxX - frame.maxX)
        // Nearly as wide as the column, it is centred when its gaps to the sides differ by a Self.grid step at most.
        let spans = frame.width >= min(WidthRule.columnShare * column.width, WidthRule.fullWidthShare * screenWidth)
        let centred = abs(frame.midX - centre) <= (spans ? Self.grid / 2 : Self.grid)
        let half = max(0, min(centre - column.minX, column.maxX - centre))
        let balance =
            centred
            ? (leading: Self.snap(centre - half - column.minX), trailing: Self.snap(column.maxX - centre - half))
            : (0, 0)
        var children: [LayoutNode] = []
        var leading = 0.0
        var trailing = 0.0
        if spans {
            (leading, trailing) = centred ? balance : (indent, inset)
        } else if centred {
            children = [.spacer(minLength: 0), node, .spacer(minLength: 0)]
            (leading, trailing) = balance
        } else if inset < indent {
            children = [.spacer(minLength: 0), node]
            trailing = inset
        } else if indent > 0 {
            children = [node, .spacer(minLength: 0)]
            leading = indent
        }
        let padding = LayoutNode.Insets(top: top, leading: leading, bottom: 0, trailing: trailing)
        if !children.isEmpty {
            return .hstack(.init(spacing: 0, alignment: "center", padding: padding, children: children))
        }
        return padding == .zero
            ? node : .vstack(.init(spacing: 0, alignment: "leading", padding: padding, children: [node]))
    }

    /// Cross-axis alignment: the edge the children share best; centred when they share the
    /// centre or span the stack (SwynthUI prefers centred alignment).
    static func alignment(_ frames: [Rect], axis: StackTree.Axis) -> String {
        let union = Rect.union(frames)!
        let tolerance = grid
        func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
        if axis == .vertical {
            if frames.allSatisfy({ $0.width >= 0.9 * union.width }) || spread(frames.map(\.midX)) <= tolerance {
                return "center"
            }
            if spread(frames.map(\.minX)) <= tolerance { return "leading" }
            if spread(frames.map(\.maxX)) <= tolerance { return "trailing" }
            return "leading"
        }
        if spread(frames.map(\.midY)) <= tolerance || frames.allSatisfy({ $0.height >= 0.9 * union.height }) {
            return "center"
        }
        if spread(frames.map(\.minY)) <= tolerance { return "top" }
        if spread(frames.map(\.maxY)) <= tolerance { return "bottom" }
        return "center"
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
