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
        let byID = Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return (tree?.ids ?? []).flatMap { id -> [String] in
            guard let element = byID[id] else { return [] }
            return [id] + (readsChildren.contains(element.type) ? of(element.children) : [])
        }
    }
}
