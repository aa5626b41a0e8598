import SketchModel

/// Accessibility reading order (Screen Recognition): XY-cut, bands top to bottom, then columns,
/// then what is left top to bottom and left to right. Bars, lists and containers are followed by
/// their children in the same order; buttons and segmented controls read as one element.
enum ReadingOrder {
    static let readsChildren: Set<ElementType> = [.navigationBar, .tabBar, .list, .container]

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
        let indexOfID = Dictionary(elements.indices.map { (elements[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in tree.ids {
            guard let index = indexOfID[id] else { continue }
            order.append(id)
            let element = elements[index]
            if readsChildren.contains(element.type) {
                append(element.children, xyCut: StackInference.xyCut(element.children), to: &order)
            }
        }
    }
}
