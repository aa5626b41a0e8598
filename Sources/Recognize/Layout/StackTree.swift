import SketchModel

/// A stack hierarchy over boxes before spacing, padding and alignment are solved.
public indirect enum StackTree: Hashable, Sendable {
    /// The direction a stack lays its children out in.
    public enum Axis: Hashable, Sendable {
        /// Children top to bottom (a VStack).
        case vertical
        /// Children left to right (an HStack).
        case horizontal

        var flipped: Axis { self == .vertical ? .horizontal : .vertical }
    }

    /// One element and its frame.
    case leaf(id: String, frame: Rect)
    /// A VStack or HStack, or a ZStack when `axis` is nil.
    case stack(axis: Axis?, children: [StackTree])

    var frame: Rect {
        switch self {
        case .leaf(_, let frame): frame
        case .stack(_, let children):
            // Rect.union(children.map(\.frame))!, folded in the same order without the array.
            children.dropFirst().reduce(children[0].frame) { $0.union($1.frame) }
        }
    }

    /// How many stacks the tree has (SwynthUI keeps the hierarchy with fewer).
    var stackCount: Int {
        switch self {
        case .leaf: 0
        case .stack(_, let children): 1 + children.map(\.stackCount).reduce(0, +)
        }
    }

    /// The first leaf's id in tree order (`ids.first`, without gathering the others).
    var firstID: String? {
        switch self {
        case .leaf(let id, _): id
        case .stack(_, let children): children.lazy.compactMap(\.firstID).first
        }
    }

    /// Calls `body` with each leaf id in tree order.
    func forEachID(_ body: (String) -> Void) {
        switch self {
        case .leaf(let id, _): body(id)
        case .stack(_, let children): for child in children { child.forEachID(body) }
        }
    }

    /// A compact shape string such as `V(a,H(b,c))`, for comparing trees.
    public var signature: String {
        switch self {
        case .leaf(let id, _): id
        case .stack(let axis, let children):
            (axis == .vertical ? "V" : axis == .horizontal ? "H" : "Z") + "("
                + children.map(\.signature).joined(separator: ",") + ")"
        }
    }

    /// Builds a stack, inlining children that stack along the same axis.
    static func make(_ axis: Axis?, _ children: [StackTree]) -> StackTree {
        if children.count == 1 { return children[0] }
        let flat = children.flatMap { child -> [StackTree] in
            if case .stack(let inner, let grandchildren) = child, inner == axis, axis != nil { return grandchildren }
            return [child]
        }
        return .stack(axis: axis, children: flat)
    }
}

/// Splits boxes into groups that do not overlap along an axis.
enum AxisSplit {
    /// Groups of `items` (indexes into `frames` and `ids`) whose extents along `axis` overlap (by
    /// more than `slack` of the smaller extent), in axis order, ties by id. SwynthUI's greedy rule:
    /// walk the items along the axis and grow the current group while the next item starts before
    /// the group ends.
    static func groups(_ items: [Int], frames: [Rect], ids: [String], along axis: StackTree.Axis, slack: Double)
        -> [[Int]]
    {
        func range(_ r: Rect) -> (lo: Double, hi: Double) { axis == .vertical ? (r.minY, r.maxY) : (r.minX, r.maxX) }
        // Each item's extent worked out once, not in every comparison.
        let sorted = items.map { item in (range: range(frames[item]), item: item) }
            .sorted { ($0.range.lo, $0.range.hi, ids[$0.item]) < ($1.range.lo, $1.range.hi, ids[$1.item]) }
        var groups: [[Int]] = []
        var groupEnd = -Double.infinity
        var groupSmallest = Double.infinity
        for (r, item) in sorted {
            let extent = r.hi - r.lo
            let allowed = slack * min(extent, groupSmallest)
            if groups.isEmpty || r.lo >= groupEnd - allowed {
                groups.append([item])
                groupEnd = r.hi
                groupSmallest = extent
            } else {
                groups[groups.count - 1].append(item)
                groupEnd = max(groupEnd, r.hi)
                groupSmallest = min(groupSmallest, extent)
            }
        }
        return groups
    }
}

/// Recursive cutting along alternating axes: XY-cut (with a small overlap slack for hand-drawn
/// boxes) and SwynthUI's strict greedy grouping are the same recursion with different slack.
struct RecursiveCut: Sendable {
    /// Overlap along the axis tolerated between neighbours, as a share of the smaller extent.
    let slack: Double

    func tree(_ items: [StackTree], startingWith axis: StackTree.Axis) -> StackTree {
        if items.count == 1 { return items[0] }
        let frames = items.map(\.frame)
        let ids = items.map { $0.firstID ?? "" }
        return cut(
            Array(items.indices), frames: frames, ids: ids, startingWith: axis, leaf: { items[$0] },
            stack: StackTree.make)
    }

    /// The leaves of ``tree(_:startingWith:)`` over boxes with these frames and ids, as indexes
    /// in tree order, without building the tree (the reading order needs no more).
    func order(frames: [Rect], ids: [String], startingWith axis: StackTree.Axis) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(frames.count)
        cut(
            Array(frames.indices), frames: frames, ids: ids, startingWith: axis, leaf: { order.append($0) },
            stack: { _, _ in })
        return order
    }

    /// The cut of `items` (indexes into `frames` and `ids`): `leaf` makes an item's node, in tree
    /// order, and `stack` a stack of nodes along an axis (nil: overlapping, back to front).
    private func cut<Node>(
        _ items: [Int], frames: [Rect], ids: [String], startingWith axis: StackTree.Axis,
        leaf: (Int) -> Node, stack: (StackTree.Axis?, [Node]) -> Node
    ) -> Node {
        if items.count == 1 { return leaf(items[0]) }
        let first = AxisSplit.groups(items, frames: frames, ids: ids, along: axis, slack: slack)
        if first.count > 1 {
            return stack(
                axis,
                first.map { cut($0, frames: frames, ids: ids, startingWith: axis.flipped, leaf: leaf, stack: stack) })
        }
        let second = AxisSplit.groups(items, frames: frames, ids: ids, along: axis.flipped, slack: slack)
        if second.count > 1 {
            return stack(
                axis.flipped,
                second.map { cut($0, frames: frames, ids: ids, startingWith: axis, leaf: leaf, stack: stack) })
        }
        // Nothing separates them: they overlap, back to front (largest first).
        let layered = items.sorted { (frames[$0].area, ids[$1]) > (frames[$1].area, ids[$0]) }
        return stack(nil, layered.map(leaf))
    }
}

/// The hierarchy of a set of element frames: XY-cut (rows first) against SwynthUI's greedy
/// grouping from both axes; the tree with fewer stacks wins (ties go to XY-cut).
public enum StackInference {
    /// XY-cut's tolerated overlap between rows or columns (hand-drawn boxes touch).
    static let xyCutSlack = 0.2

    static func leaves(_ elements: [Element]) -> [StackTree] {
        elements.map { StackTree.leaf(id: $0.id, frame: $0.frame) }
    }

    /// XY-cut, rows first: also the reading order's tree.
    static func xyCut(_ elements: [Element]) -> StackTree? {
        elements.isEmpty ? nil : RecursiveCut(slack: xyCutSlack).tree(leaves(elements), startingWith: .vertical)
    }

    /// The simplest of XY-cut and greedy grouping from either axis.
    public static func simplest(_ elements: [Element]) -> StackTree? {
        simplest(elements, xyCut: xyCut(elements))
    }

    /// ``simplest(_:)`` given `xy`, the elements' ``xyCut(_:)`` (worked out once for the layout
    /// and the reading order).
    static func simplest(_ elements: [Element], xyCut xy: StackTree?) -> StackTree? {
        guard let xy else { return nil }
        let greedy = RecursiveCut(slack: 0)
        let candidates = [
            xy, greedy.tree(leaves(elements), startingWith: .vertical),
            greedy.tree(leaves(elements), startingWith: .horizontal),
        ]
        return candidates.enumerated().min { ($0.element.stackCount, $0.offset) < ($1.element.stackCount, $1.offset) }!
            .element
    }
}

extension StackInference {
    /// The stack layout of `elements` inside `frame`: a screen, or a container's children inside
    /// the container (the exporter nests these), built exactly as the recognizer builds screens.
    public static func layout(of elements: [Element], in frame: Rect) -> LayoutNode {
        layout(of: elements, in: frame, xyCut: xyCut(elements))
    }

    /// ``layout(of:in:)`` given `xy`, the elements' ``xyCut(_:)``.
    static func layout(of elements: [Element], in frame: Rect, xyCut xy: StackTree?) -> LayoutNode {
        let chromeIDs = Set(elements.lazy.filter { LayoutFrameResolver.isChrome($0.type) }.map(\.id))
        return LayoutSolver(chromeIDs: chromeIDs, screenWidth: frame.width).screen(
            simplest(elements, xyCut: xy), canvas: frame)
    }
}
