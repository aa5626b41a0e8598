import SketchModel

/// What the generated code shows for one element, read off the ``AppBlueprint`` the emitters
/// render, so a preview that draws only this shows what the code shows.
public struct ElementPreview: Hashable, Sendable, Codable {
    /// The control the code emits: `text`, `button`, `textField`, `secureField`, `toggle`,
    /// `checkbox`, `slider`, `picker`, `segmented`, `image`, `avatar`, `icon`, `divider`, `list`,
    /// `pageControl`, `card`, `navigationBar` or `tabBar`; `title` for a label the code makes the
    /// title of the control on its row (``titleOf``).
    public var control: String
    /// The strings the code shows for it, in order (text, title, placeholder, options, tab titles).
    public var strings: [String]
    /// The SF Symbol the code shows, if any.
    public var symbol: String?
    /// The theme token of its ink (`inkBlue`) when it was drawn in a colour.
    public var ink: String?
    /// That token's colour, `#RRGGBB`.
    public var color: String?
    /// A navigation bar's leading button, as the code shows it.
    public var leading: BarItemPreview?
    /// A navigation bar's trailing button, as the code shows it.
    public var trailing: BarItemPreview?
    /// A list's rows, as the code's item values show them.
    public var rows: [ListRowPreview]?
    /// A toggle's or checkbox's state as the code's `@State` starts it.
    public var isOn: Bool?
    /// For a `title`: the id of the control whose title it is.
    public var titleOf: String?
    /// For a control titled by a label on its row: the label's id (the label shows the title, so
    /// the control is drawn without one).
    public var titledBy: String?
}

/// One row of a list as the generated `List` shows it.
public struct ListRowPreview: Hashable, Sendable, Codable {
    /// The row's title.
    public var title: String
    /// Its subtitle, when the item type has one.
    public var subtitle: String?
    /// Its SF Symbol, when the item type has one.
    public var symbol: String?
    /// Its leading picture placeholder (`image` or `avatar`), when the item type has one.
    public var picture: String?
    /// Its switch's state, when the item type has a switch.
    public var isOn: Bool?

    init(_ row: ItemRow, of type: ItemType) {
        title = row.title
        subtitle = type.hasSubtitle ? row.subtitle : nil
        symbol = type.hasSymbol ? row.symbol : nil
        picture = type.leadingPicture?.rawValue
        isOn = type.hasToggle ? row.isOn : nil
    }
}

/// A navigation bar button: the code shows its symbol when it has one (the title is then only its
/// spoken label), else its title.
public struct BarItemPreview: Hashable, Sendable, Codable {
    /// The button's title.
    public var title: String
    /// The SF Symbol the button shows instead of its title.
    public var symbol: String?

    init(_ button: BarButton) {
        title = button.title
        symbol = button.symbol
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
            if let navigation = blueprint.navigation, let bar = screen.elements.first(where: { $0.type == .navigationBar }) {
                previews[bar.id] = ElementPreview(
                    control: "navigationBar", strings: [navigation.title],
                    leading: navigation.leading.map(BarItemPreview.init), trailing: navigation.trailing.map(BarItemPreview.init))
            }
            if !blueprint.tabs.isEmpty, let bar = screen.elements.first(where: { $0.type == .tabBar }) {
                previews[bar.id] = ElementPreview(control: "tabBar", strings: blueprint.tabs.map(\.title))
            }
            result[screen.screen.id] = previews
        }
        return result
    }

    static func collect(_ node: ViewNode, theme: ThemeTokens, state: [StateProperty], into previews: inout [String: ElementPreview]) {
        switch node {
        case .spacer: return
        case .stack(let stack): for child in stack.children { collect(child, theme: theme, state: state, into: &previews) }
        case .element(let element):
            var preview = preview(element.kind)
            if case .list(let list) = element.kind, case .items(_, let rows)? = state.first(where: { $0.name == list.property })?.initial {
                preview.rows = rows.map { ListRowPreview($0, of: list.itemType) }
            }
            if case .toggle(_, let binding, _) = element.kind, case .flag(let on)? = state.first(where: { $0.name == binding })?.initial {
                preview.isOn = on
            }
            if let title = element.title {
                previews[title.labelID] = ElementPreview(control: "title", strings: [title.text], titleOf: element.id)
                preview.titledBy = title.labelID
                if title.wrapsControl { preview.strings.insert(title.text, at: 0) }
            }
            preview.ink = element.ink
            preview.color = element.ink.flatMap { name in theme.inks.first { $0.name == name } }.map { "#" + $0.color.hexDigits }
            previews[element.id] = preview
            if case .card(let stack, _) = element.kind { collect(.stack(stack), theme: theme, state: state, into: &previews) }
        }
    }

    static func preview(_ kind: ElementKind) -> ElementPreview {
        switch kind {
        case .text(let text, _): ElementPreview(control: "text", strings: [text])
        case .button(let button): ElementPreview(control: "button", strings: button.title.map { [$0] } ?? [], symbol: button.symbol)
        case .textField(let placeholder, _, let secure): ElementPreview(control: secure ? "secureField" : "textField", strings: [placeholder])
        case .toggle(let title, _, let checkbox): ElementPreview(control: checkbox ? "checkbox" : "toggle", strings: [title])
        case .slider: ElementPreview(control: "slider", strings: [])
        case .picker(let title, _, let options, let segmented):
            segmented ? ElementPreview(control: "segmented", strings: options) : ElementPreview(control: "picker", strings: [title, options.first].compactMap { $0 })
        case .picture(let kind, _, _, _): ElementPreview(control: kind.rawValue, strings: [])
        case .icon(let symbol): ElementPreview(control: "icon", strings: [], symbol: symbol)
        case .divider: ElementPreview(control: "divider", strings: [])
        case .list: ElementPreview(control: "list", strings: [])
        case .pageControl: ElementPreview(control: "pageControl", strings: [])
        case .card: ElementPreview(control: "card", strings: [])
        }
    }
}
