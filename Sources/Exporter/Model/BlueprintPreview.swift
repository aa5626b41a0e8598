import SketchModel

extension ListRowPreview {
    /// The row as the generated `List` shows an item of `type`.
    init(_ row: ItemRow, of type: ItemType) {
        self.init(
            title: row.title, subtitle: type.hasSubtitle ? row.subtitle : nil,
            symbol: type.hasSymbol ? row.symbol : nil,
            picture: type.leadingPicture?.rawValue, isOn: type.hasToggle ? row.isOn : nil)
    }
}

extension BarItemPreview {
    /// The bar button as the generated code shows it.
    init(_ button: BarButton) {
        self.init(title: button.title, symbol: button.symbol)
    }
}

/// Every element's ``ElementPreview``, from the same blueprint the SwiftUI and Compose come from.
public enum BlueprintPreview {
    /// Per screen id, per element id.
    public static func elements(for recognition: SessionRecognition) -> [String: [String: ElementPreview]] {
        elements(for: recognition, app: BlueprintBuilder.app(for: recognition))
    }

    /// Per screen id, per element id, from `app`, the blueprint of `recognition`.
    static func elements(for recognition: SessionRecognition, app: AppBlueprint) -> [String: [String: ElementPreview]] {
        var result: [String: [String: ElementPreview]] = [:]
        for (screen, blueprint) in zip(recognition.screens, app.screens) {
            var previews: [String: ElementPreview] = [:]
            collect(blueprint.content, theme: app.theme, state: blueprint.state, into: &previews)
            if let navigation = blueprint.navigation,
                let bar = screen.elements.first(where: { $0.type == .navigationBar })
            {
                previews[bar.id] = ElementPreview(
                    control: "navigationBar", strings: [navigation.title],
                    leading: navigation.leading.map(BarItemPreview.init),
                    trailing: navigation.trailing.map(BarItemPreview.init))
            }
            if !blueprint.tabs.isEmpty, let bar = screen.elements.first(where: { $0.type == .tabBar }) {
                previews[bar.id] = ElementPreview(control: "tabBar", strings: blueprint.tabs.map(\.title))
            }
            result[screen.screen.id] = previews
        }
        return result
    }

    static func collect(
        _ node: ViewNode, theme: ThemeTokens, state: [StateProperty], into previews: inout [String: ElementPreview]
    ) {
        switch node {
        case .spacer: return
        case .stack(let stack):
            for child in stack.children { collect(child, theme: theme, state: state, into: &previews) }
        case .element(let element):
            var preview = preview(element.kind)
            if case .list(let list) = element.kind,
                case .items(_, let rows)? = state.first(where: { $0.name == list.property })?.initial
            {
                preview.rows = rows.map { ListRowPreview($0, of: list.itemType) }
            }
            if case .toggle(_, let binding, _) = element.kind,
                case .flag(let on)? = state.first(where: { $0.name == binding })?.initial
            {
                preview.isOn = on
            }
            if let title = element.title {
                previews[title.labelID] = ElementPreview(control: "title", strings: [title.text], titleOf: element.id)
                preview.titledBy = title.labelID
                if title.wrapsControl { preview.strings.insert(title.text, at: 0) }
            }
            preview.ink = element.ink
            preview.color = element.ink.flatMap { name in theme.inks.first { $0.name == name } }.map {
                "#" + $0.color.hexDigits
            }
            previews[element.id] = preview
            if case .card(let stack, _) = element.kind {
                collect(.stack(stack), theme: theme, state: state, into: &previews)
            }
        }
    }

    static func preview(_ kind: ElementKind) -> ElementPreview {
        switch kind {
        case .text(let text, _): ElementPreview(control: "text", strings: [text])
        case .button(let button):
            ElementPreview(control: "button", strings: button.title.map { [$0] } ?? [], symbol: button.symbol)
        case .textField(let placeholder, _, let secure):
            ElementPreview(control: secure ? "secureField" : "textField", strings: [placeholder])
        case .toggle(let title, _, let checkbox):
            ElementPreview(control: checkbox ? "checkbox" : "toggle", strings: [title])
        case .slider: ElementPreview(control: "slider", strings: [])
        case .picker(let title, _, let options, let segmented):
            segmented
                ? ElementPreview(control: "segmented", strings: options)
                : ElementPreview(control: "picker", strings: [title, options.first].compactMap { $0 })
        case .picture(let kind, _, _, _): ElementPreview(control: kind.rawValue, strings: [])
        case .icon(let symbol): ElementPreview(control: "icon", strings: [], symbol: symbol)
        case .divider: ElementPreview(control: "divider", strings: [])
        case .list: ElementPreview(control: "list", strings: [])
        case .pageControl: ElementPreview(control: "pageControl", strings: [])
        case .card: ElementPreview(control: "card", strings: [])
        }
    }
}
