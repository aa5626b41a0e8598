import SessionModel
import SketchModel

extension ScreenBlueprintBuilder {
    /// The blueprint of one element (and what it holds), registering its state and actions;
    /// `label` is the label drawn on its row that titles it (``ControlTitle``).
    mutating func blueprint(for element: Element, titledBy label: Element? = nil) -> ElementBlueprint {
        let link = linkBlueprint(for: element)
        let title = label.map {
            TitleBlueprint(
                labelID: $0.id, text: ControlTitle.text(of: $0),
                wrapsControl: element.type != .toggle && element.type != .checkbox)
        }
        // The words that name the control: its own, else its title label's, else those of the
        // label just above an empty text field.
        let words = element.text ?? label?.text ?? labelsAbove[element.id]?.text
        var accessibility = AccessibilityInfo(label: nil, isHeader: false, sortPriority: sortPriority(of: element.id))
        let kind: ElementKind
        switch element.type {
        case .label:
            let style = Self.textStyle(height: element.frame.height)
            accessibility.isHeader = style == .largeTitle || style == .title
            kind = .text(element.text ?? PlaceholderText.lorem(width: element.frame.width), style: style)
        case .button:
            kind = .button(button(for: element, link: link))
            if Self.buttonTitle(element) == nil {
                accessibility.label = Self.buttonSymbol(element).map(SymbolVocabulary.meaning)
            }
        case .icon where link != nil:
            kind = .button(button(for: element, link: link))
            accessibility.label = Self.buttonSymbol(element).map(SymbolVocabulary.meaning)
        case .icon:
            let symbol = element.symbol ?? "questionmark.square"
            accessibility.label = SymbolVocabulary.meaning(of: symbol)
            kind = .icon(symbol: symbol)
        case .textField:
            let placeholder = words ?? title?.text ?? "Text"
            let secure = (words ?? placeholder).lowercased().contains("password")
            let name = addState(memberName(words, suffix: "Field", fallback: "textField"), .text(""))
            kind = .textField(placeholder: placeholder, binding: name, secure: secure)
        case .toggle, .checkbox:
            let checkbox = element.type == .checkbox
            let name = addState(
                memberName(words, suffix: checkbox ? "Checkbox" : "Toggle", fallback: checkbox ? "checkbox" : "toggle"),
                .flag(element.isOn ?? false))
            kind = .toggle(
                title: element.text ?? title?.text ?? "Option", binding: name, checkbox: element.type == .checkbox)
        case .slider:
            let name = addState(memberName(words, suffix: "Slider", fallback: "slider"), .fraction(0.5))
            kind = .slider(binding: name)
            // LabeledContent names the slider for VoiceOver when it has a title.
            if title == nil { accessibility.label = element.text ?? "Value" }
        case .picker, .segmentedControl:
            let name = addState(
                memberName(words, suffix: "Picker", fallback: element.type == .picker ? "picker" : "segmentedControl"),
                .choice(0))
            kind = .picker(
                title: words ?? title?.text ?? (element.type == .picker ? "Choose" : "Options"), binding: name,
                options: Self.options(for: element), segmented: element.type == .segmentedControl)
        case .image, .avatar:
            let picture: PictureKind = element.type == .avatar ? .avatar : .image
            let fullWidth = widthRule.fillsWidth(element)
            accessibility.label = element.text ?? (picture == .avatar ? "Profile picture" : "Photo")
            kind = .picture(
                picture, width: Self.points(element.frame.width), height: Self.points(element.frame.height),
                fullWidth: fullWidth)
        case .divider:
            kind = .divider
        case .pageControl:
            kind = .pageControl(count: min(max(element.segments ?? element.children.count, 3), 10))
            accessibility.label = "Page 1 of \(min(max(element.segments ?? element.children.count, 3), 10))"
        case .list:
            kind = .list(list(for: element))
        case .container, .navigationBar, .tabBar:
            let content = ChildArranger.stack(
                element.children, padding: Padding(top: 16, leading: 16, bottom: 16, trailing: 16)
            ) {
                .element(blueprint(for: $0, titledBy: $1))
            }
            kind = .card(content, fullWidth: widthRule.fillsWidth(element))
        }
        return ElementBlueprint(
            id: element.id, kind: kind, accessibility: accessibility,
            pinnedWidth: widthRule.pinnedWidth(of: element).map(Self.points),
            ink: theme.inkName(for: element.color), link: link, title: title)
    }

    /// The type-scale role of a label from its drawn height (a single squiggle line is about
    /// 6-12 pt tall, so only very flat marks read as captions).
    static func textStyle(height: Double) -> TextStyle {
        switch height {
        case 44...: .largeTitle
        case 32..<44: .title
        case 24..<32: .headline
        case ..<6: .caption
        default: .body
        }
    }

    // MARK: Buttons and links

    static func buttonTitle(_ element: Element) -> String? {
        element.text ?? element.children.first { $0.type == .label && $0.text != nil }?.text
    }

    static func buttonSymbol(_ element: Element) -> String? {
        element.symbol ?? element.children.first { $0.type == .icon }?.symbol
    }

    /// A button; it gets an action method unless a drawn link handles its tap.
    private mutating func button(for element: Element, link: LinkBlueprint?) -> ButtonBlueprint {
        let title = Self.buttonTitle(element)
        let symbol = Self.buttonSymbol(element)
        let words = title ?? symbol.map(SymbolVocabulary.meaning)
        let hasLabelPlaceholder = title == nil && symbol == nil
        let action =
            link == nil
            ? addAction(
                memberName(words, suffix: "ButtonTapped", fallback: "button", fallbackSuffix: "Tapped"),
                title: words ?? "Button") : nil
        return ButtonBlueprint(
            title: hasLabelPlaceholder ? "Button" : title, symbol: symbol, action: action,
            fullWidth: widthRule.fillsWidth(element))
    }

    private mutating func linkBlueprint(for element: Element) -> LinkBlueprint? {
        guard let spec = storyboard.link(from: element.id, on: screenID),
            let destination = storyboard.typeName(of: spec.toScreen)
        else { return nil }
        guard spec.style == "sheet" else {
            return LinkBlueprint(destination: destination, style: .push, presentedBy: nil)
        }
        let shown =
            destination.hasSuffix("Screen") && destination != "Screen" ? String(destination.dropLast(6)) : destination
        let flag = addState(members.claim("isShowing" + shown), .flag(false))
        return LinkBlueprint(destination: destination, style: .sheet, presentedBy: flag)
    }

    // MARK: Pickers

    static func options(for element: Element) -> [String] {
        let named = element.children.sorted { ($0.frame.minX, $0.id) < ($1.frame.minX, $1.id) }.map { $0.text }
        let count = min(max(element.segments ?? 0, named.count, element.type == .picker ? 3 : 2), 12)
        let ordinals = ["First", "Second", "Third", "Fourth", "Fifth"]
        return (0..<count).map { index in
            if index < named.count, let text = named[index] { return text }
            return element.type == .segmentedControl && index < ordinals.count ? ordinals[index] : "Option \(index + 1)"
        }
    }

    // MARK: Bars

    mutating func navigationChrome(_ bar: Element) -> NavigationChrome {
        let items = bar.children.sorted { ($0.frame.minX, $0.id) < ($1.frame.minX, $1.id) }
        func role(_ item: Element) -> String {
            if let role = item.role { return role }
            let third = (bar.frame.width > 0 ? bar.frame.width : screenWidth) / 3
            let midX = item.frame.midX - bar.frame.minX
            return midX < third ? "leading" : midX > 2 * third ? "trailing" : "title"
        }
        let titleItem = items.first { role($0) == "title" }
        let title = titleItem?.text ?? bar.text ?? recognition.screen.name
        let leading = items.first { role($0) == "leading" }.map { barButton($0, allowBack: true) }
        let trailing = items.last { role($0) == "trailing" }.map { barButton($0, allowBack: false) }
        return NavigationChrome(
            title: title, leading: leading, trailing: trailing,
            inline: bar.frame.height < NavigationChrome.largeTitleHeight)
    }

    private mutating func barButton(_ item: Element, allowBack: Bool) -> BarButton {
        let symbol = Self.buttonSymbol(item)
        let title = Self.buttonTitle(item) ?? symbol.map(SymbolVocabulary.meaning) ?? "Action"
        if allowBack, SymbolVocabulary.isBack(symbol) || title.lowercased() == "back" {
            return BarButton(title: "Back", symbol: symbol ?? "chevron.left", action: nil)
        }
        let action = addAction(
            memberName(title, suffix: "ButtonTapped", fallback: "button", fallbackSuffix: "Tapped"), title: title)
        return BarButton(title: title, symbol: symbol, action: action)
    }

    func tabItems(_ bar: Element) -> [TabBlueprint] {
        let items = bar.children.sorted { ($0.frame.minX, $0.id) < ($1.frame.minX, $1.id) }
        var tabs: [TabBlueprint] = items.map { item in
            let symbol = Self.buttonSymbol(item) ?? "circle"
            let title =
                Self.buttonTitle(item)
                ?? (item.symbol == nil && Self.buttonSymbol(item) == nil ? "Tab" : SymbolVocabulary.meaning(of: symbol))
            let destination = storyboard.link(from: item.id, on: screenID).flatMap {
                storyboard.typeName(of: $0.toScreen)
            }
            return TabBlueprint(
                title: title, symbol: symbol, destination: destination.map(TabDestination.screen) ?? .empty)
        }
        if tabs.isEmpty {
            tabs = (0..<min(max(bar.segments ?? 2, 2), 5)).map {
                TabBlueprint(title: "Tab \($0 + 1)", symbol: "circle", destination: .empty)
            }
        }
        if let own = tabs.firstIndex(where: { $0.destination == .empty }) { tabs[own].destination = .ownContent }
        return tabs
    }
}
