import Recognize

/// What the generated code shows for one element, read off the ``AppBlueprint`` the emitters
/// render, so a preview that draws only this shows what the code shows.
public struct ElementPreview: Hashable, Sendable, Codable {
    /// The control the code emits: `text`, `button`, `textField`, `secureField`, `toggle`,
    /// `checkbox`, `slider`, `picker`, `segmented`, `image`, `avatar`, `icon`, `divider`, `list`,
    /// `pageControl`, `card`, `navigationBar` or `tabBar`.
    public var control: String
    /// The strings the code shows for it, in order (text, title, placeholder, options, tab titles).
    public var strings: [String]
    /// The SF Symbol the code shows, if any.
    public var symbol: String?
    /// The theme token of its ink (`inkBlue`) when it was drawn in a colour.
    public var ink: String?
    /// That token's colour, `#RRGGBB`.
    public var color: String?
}

/// Every element's ``ElementPreview``, from the same blueprint the SwiftUI and Compose come from.
public enum BlueprintPreview {
    /// Per screen id, per element id.
    public static func elements(for recognition: SessionRecognition) -> [String: [String: ElementPreview]] {
        let app = BlueprintBuilder.app(for: recognition)
        var result: [String: [String: ElementPreview]] = [:]
        for (screen, blueprint) in zip(recognition.screens, app.screens) {
            var previews: [String: ElementPreview] = [:]
            collect(blueprint.content, theme: app.theme, into: &previews)
            if let navigation = blueprint.navigation, let bar = screen.elements.first(where: { $0.type == .navigationBar }) {
                let buttons = [navigation.leading, navigation.trailing].compactMap { $0 }.filter { $0.symbol == nil }.map(\.title)
                previews[bar.id] = ElementPreview(control: "navigationBar", strings: [navigation.title] + buttons)
            }
            if !blueprint.tabs.isEmpty, let bar = screen.elements.first(where: { $0.type == .tabBar }) {
                previews[bar.id] = ElementPreview(control: "tabBar", strings: blueprint.tabs.map(\.title))
            }
            result[screen.screen.id] = previews
        }
        return result
    }

    static func collect(_ node: ViewNode, theme: ThemeTokens, into previews: inout [String: ElementPreview]) {
        switch node {
        case .spacer: return
        case .stack(let stack): for child in stack.children { collect(child, theme: theme, into: &previews) }
        case .element(let element):
            var preview = preview(element.kind)
            preview.ink = element.ink
            preview.color = element.ink.flatMap { name in theme.inks.first { $0.name == name } }.map { "#" + $0.color.hexDigits }
            previews[element.id] = preview
            if case .card(let stack) = element.kind { collect(.stack(stack), theme: theme, into: &previews) }
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
