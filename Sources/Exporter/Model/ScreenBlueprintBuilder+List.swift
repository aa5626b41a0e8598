import SessionModel
import SketchModel

extension ScreenBlueprintBuilder {
    /// A list's item type (from its first row's parts) and the values of every row.
    mutating func list(for element: Element) -> ListBlueprint {
        let rows = element.children.sorted {
            ($0.frame.minY, $0.frame.minX, $0.id) < ($1.frame.minY, $1.frame.minX, $1.id)
        }
        let parts = rows.map(Self.rowParts)
        let first = parts.first ?? RowParts(labels: [], symbol: nil, toggle: nil, picture: nil)
        let base = CodeIdentifier.typeName(element.text ?? recognition.screen.name, fallback: "Row", maxWords: 2)
        let trimmed = base.hasSuffix("Screen") && base != "Screen" ? String(base.dropLast(6)) : base
        let typeName = names.claim(trimmed + "Item")
        let itemType = ItemType(
            name: typeName, hasSubtitle: first.labels.count > 1, hasSymbol: first.symbol != nil,
            hasToggle: first.toggle != nil, leadingPicture: first.picture)
        let values = parts.enumerated().map { index, part in
            ItemRow(
                title: part.labels.first ?? part.toggle?.text ?? rows[index].text ?? "Item \(index + 1)",
                subtitle: part.labels.dropFirst().first ?? "Details",
                symbol: part.symbol ?? first.symbol ?? "circle",
                isOn: part.toggle?.isOn ?? false)
        }
        itemTypes.append(itemType)
        let property = addState(
            members.claim(CodeIdentifier.memberName(trimmed, fallback: "rows", maxWords: 2) + "Items"),
            .items(type: typeName, rows: values))
        return ListBlueprint(property: property, itemType: itemType)
    }

    /// What a drawn row holds.
    struct RowParts {
        var labels: [String]
        var symbol: String?
        var toggle: Element?
        var picture: PictureKind?
    }

    static func rowParts(_ row: Element) -> RowParts {
        let pieces =
            row.children.isEmpty
            ? [row]
            : row.children.sorted { ($0.frame.minX, $0.frame.minY, $0.id) < ($1.frame.minX, $1.frame.minY, $1.id) }
        let labels = pieces.filter { $0.type == .label }.map { $0.text ?? PlaceholderText.lorem(width: $0.frame.width) }
        let toggle = pieces.first { $0.type == .toggle || $0.type == .checkbox }
        let picture = pieces.first { $0.type == .avatar || $0.type == .image }.map {
            $0.type == .avatar ? PictureKind.avatar : .image
        }
        return RowParts(
            labels: labels, symbol: pieces.first { $0.type == .icon }?.symbol, toggle: toggle, picture: picture)
    }
}
