/// What the generated code shows for one element, read off the blueprint Exporter's emitters
/// render (Exporter's `BlueprintPreview`), so a preview that draws only this shows what the code
/// shows. The `recognition` message carries one per element id.
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

    /// A preview of `control` showing `strings`; what it does not show is nil.
    public init(
        control: String, strings: [String], symbol: String? = nil, ink: String? = nil, color: String? = nil,
        leading: BarItemPreview? = nil, trailing: BarItemPreview? = nil, rows: [ListRowPreview]? = nil,
        isOn: Bool? = nil, titleOf: String? = nil, titledBy: String? = nil
    ) {
        self.control = control
        self.strings = strings
        self.symbol = symbol
        self.ink = ink
        self.color = color
        self.leading = leading
        self.trailing = trailing
        self.rows = rows
        self.isOn = isOn
        self.titleOf = titleOf
        self.titledBy = titledBy
    }
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

    /// A row titled `title`; what its item type does not have is nil.
    public init(
        title: String, subtitle: String? = nil, symbol: String? = nil, picture: String? = nil, isOn: Bool? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.symbol = symbol
        self.picture = picture
        self.isOn = isOn
    }
}

/// A navigation bar button: the code shows its symbol when it has one (the title is then only its
/// spoken label), else its title.
public struct BarItemPreview: Hashable, Sendable, Codable {
    /// The button's title.
    public var title: String
    /// The SF Symbol the button shows instead of its title.
    public var symbol: String?

    /// A button titled `title`, showing `symbol` when it has one.
    public init(title: String, symbol: String? = nil) {
        self.title = title
        self.symbol = symbol
    }
}
