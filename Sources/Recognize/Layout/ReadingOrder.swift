import SketchModel

/// Accessibility reading order (Screen Recognition): XY-cut, bands top to bottom, then columns,
/// then what is left top to bottom and left to right. Bars, lists and containers are followed by
/// their children in the same order; buttons and segmented controls read as one element.
enum ReadingOrder {
    /// Whether an element of this type (a bar, a list, a container) is followed by its children.
    static func readsChildren(_ type: ElementType) -> Bool {
        switch type {
        case .navigationBar, .tabBar, .list, .container: true
        default: false
        }
    }

    static func of(_ elements: [Element]) -> [String] {
        of(elements, xyCut: StackInference.xyCut(elements))
    }

    /// ``of(_:)`` given `tree`, the elements' ``StackInference/xyCut(_:)`` (the layout's).
    static func of(_ elements: [Element], xyCut tree: StackTree?) -> [String] {
        var order: [String] = []
        append(elements, xyCut: tree, to: &order)
        return order
    }

    /// Appends the reading order of `elements` (whose XY-cut is `tree`) to `order`.
    private static func append(_ elements: [Element], xyCut tree: StackTree?, to order: inout [String]) {
        guard let tree else { return }
        let index = ElementIndex(elements)
        tree.forEachID { append(id: $0, of: elements, index: index, to: &order) }
    }

    /// Appends the reading order of `children`: their XY-cut's leaves, worked out without
    /// building the tree.
    private static func append(children: [Element], to order: inout [String]) {
        guard !children.isEmpty else { return }
        let ids = children.map(\.id)
        let index = ElementIndex(children)
        let cut = RecursiveCut(slack: StackInference.xyCutSlack)
        for leaf in cut.order(frames: children.map(\.frame), ids: ids, startingWith: .vertical) {
            append(id: ids[leaf], of: children, index: index, to: &order)
        }
    }

    /// Appends `id`, one of `elements` (found with `index`), followed by its children when it
    /// reads them.
    private static func append(id: String, of elements: [Element], index: ElementIndex, to order: inout [String]) {
        guard let i = index.index(of: id) else { return }
        order.append(id)
        if readsChildren(elements[i].type) { append(children: elements[i].children, to: &order) }
    }
}
