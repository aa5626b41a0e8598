import SketchModel

/// Stacks the children of a card, button or list row (which carry no layout tree of their own):
/// rows by vertical overlap, top to bottom, each row left to right, with a `Spacer` where a row
/// has a wide gap.
enum ChildArranger {
    /// The rows of `elements`: each row left to right, rows top to bottom.
    static func rows(_ elements: [Element]) -> [[Element]] {
        let sorted = elements.sorted { ($0.frame.minY, $0.frame.minX, $0.id) < ($1.frame.minY, $1.frame.minX, $1.id) }
        var rows: [(band: (minY: Double, maxY: Double), items: [Element])] = []
        for element in sorted {
            let frame = element.frame
            if let last = rows.indices.last {
                let band = rows[last].band
                let overlap = min(band.maxY, frame.maxY) - max(band.minY, frame.minY)
                let smaller = min(band.maxY - band.minY, frame.height)
                if overlap > 0, overlap >= 0.5 * smaller {
                    rows[last].items.append(element)
                    rows[last].band = (min(band.minY, frame.minY), max(band.maxY, frame.maxY))
                    continue
                }
            }
            rows.append(((frame.minY, frame.maxY), [element]))
        }
        return rows.map { $0.items.sorted { ($0.frame.minX, $0.id) < ($1.frame.minX, $1.id) } }
    }

    /// A vertical stack of rows; `map` turns each element, with the label that titles it when its
    /// row is a titled control (``ControlTitle``), into a layout node.
    static func stack(_ elements: [Element], padding: Padding, map: (Element, Element?) -> ViewNode) -> StackBlueprint {
        let rowNodes: [ViewNode] = rows(elements).map { row in
            if let titled = ControlTitle.titled(row) { return map(titled.control, titled.label) }
            guard row.count > 1 else { return map(row[0], nil) }
            var children: [ViewNode] = []
            for (index, element) in row.enumerated() {
                if index > 0, element.frame.minX - row[index - 1].frame.maxX > 24 {
                    children.append(.spacer(minLength: 0))
                }
                children.append(map(element, nil))
            }
            return .stack(
                StackBlueprint(axis: .horizontal, spacing: 8, alignment: "center", padding: .zero, children: children))
        }
        return StackBlueprint(axis: .vertical, spacing: 8, alignment: "leading", padding: padding, children: rowNodes)
    }
}
