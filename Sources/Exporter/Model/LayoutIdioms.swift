/// Rewrites the layout tree into what a developer writes, without moving anything: a stack
/// around a single view only to align or pad it becomes modifiers on that view.
///
/// In a vertical stack, `HStack { Spacer(); X; Spacer() }` is `X.frame(maxWidth: .infinity)`,
/// `HStack { Spacer(); X }` is `X.frame(maxWidth: .infinity, alignment: .trailing)` and
/// `HStack { X; Spacer() }` is `X.frame(maxWidth: .infinity, alignment: .leading)` (just `X`
/// directly in the screen's leading-aligned root, which is pinned top leading); a stack with one
/// view and no spacers only pads it: `X.padding(...)`. Each pair lays out the same in SwiftUI,
/// so the layout model's frames (``Recognize/LayoutFrameResolver``) still say where the code puts
/// everything.
enum LayoutIdioms {
    /// The root stack with every such wrapper below it folded into its view.
    static func simplify(_ root: StackBlueprint) -> StackBlueprint {
        var root = root
        root.children = root.children.map { fold($0, parent: root, parentIsRoot: true) }
        return root
    }

    /// A stack's only view, carrying the stack's padding, or nil when the stack holds more (or a
    /// spacer): the screen's root or a card around one view is just that view, padded.
    static func onlyView(of stack: StackBlueprint) -> ViewNode? {
        guard stack.children.count == 1 else { return nil }
        return placed(stack.children[0], Placement(padding: stack.padding))
    }

    private static func fold(_ node: ViewNode, parent: StackBlueprint, parentIsRoot: Bool) -> ViewNode {
        guard case .stack(var stack) = node else { return node }
        stack.children = stack.children.map { fold($0, parent: stack, parentIsRoot: false) }
        let views = stack.children.filter { if case .spacer = $0 { false } else { true } }
        guard stack.axis != .overlay, stack.placement == .natural, views.count == 1 else { return .stack(stack) }
        let flexible = stack.children.map { if case .spacer(let minLength) = $0 { minLength == 0 } else { false } }
        let fill: String?
        switch flexible {
        case [false]: fill = nil
        case [true, false, true] where stack.axis == .horizontal && parent.axis == .vertical: fill = "center"
        case [true, false] where stack.axis == .horizontal && parent.axis == .vertical: fill = "trailing"
        case [false, true] where stack.axis == .horizontal && parent.axis == .vertical:
            fill = parentIsRoot && parent.alignment == "leading" ? nil : "leading"
        default: return .stack(stack)
        }
        return placed(views[0], Placement(fillAlignment: fill, padding: stack.padding)) ?? .stack(stack)
    }

    /// `node` with `outer` around its own placement, or nil when the two cannot be one modifier chain.
    private static func placed(_ node: ViewNode, _ outer: Placement) -> ViewNode? {
        switch node {
        case .spacer: return nil
        case .element(var element):
            guard let placement = combined(element.placement, outer) else { return nil }
            element.placement = placement
            return .element(element)
        case .stack(var stack):
            guard let placement = combined(stack.placement, outer) else { return nil }
            stack.placement = placement
            return .stack(stack)
        }
    }

    /// The inner placement's frame, then both paddings (padding adds up); nil when both set a frame.
    private static func combined(_ inner: Placement, _ outer: Placement) -> Placement? {
        if inner.fillAlignment != nil, outer.fillAlignment != nil { return nil }
        if inner.fillAlignment == nil, inner.padding != .zero, outer.fillAlignment != nil { return nil }
        let a = inner.padding
        let b = outer.padding
        return Placement(
            fillAlignment: inner.fillAlignment ?? outer.fillAlignment,
            padding: Padding(
                top: a.top + b.top, leading: a.leading + b.leading, bottom: a.bottom + b.bottom,
                trailing: a.trailing + b.trailing))
    }
}
