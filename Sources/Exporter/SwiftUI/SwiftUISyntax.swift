/// SwiftUI syntax for the layout tree: stacks, spacers and elements.
struct SwiftUISyntax: ViewSyntax {
    func open(_ stack: StackBlueprint, parent: StackBlueprint.Axis?) -> String {
        var arguments: [String] = []
        switch stack.axis {
        case .vertical:
            if stack.alignment != "center" { arguments.append("alignment: .\(stack.alignment)") }
            return "VStack(\((arguments + spacing(stack)).joined(separator: ", "))) {"
        case .horizontal:
            if stack.alignment != "center" { arguments.append("alignment: .\(stack.alignment)") }
            return "HStack(\((arguments + spacing(stack)).joined(separator: ", "))) {"
        case .overlay:
            return "ZStack {"
        }
    }

    private func spacing(_ stack: StackBlueprint) -> [String] {
        ["spacing: \(CodeNumber.format(stack.spacing))"]
    }

    func close(_ stack: StackBlueprint) -> [String] {
        ["}"] + Self.padding(stack.padding) + Self.placementModifiers(stack.placement)
    }

    /// `.frame(maxWidth: .infinity, alignment:)` for a view that takes its stack's width, then its
    /// outer padding (``Placement``).
    static func placementModifiers(_ placement: Placement) -> [String] {
        var lines: [String] = []
        switch placement.fillAlignment {
        case nil: break
        case "center"?: lines.append(".frame(maxWidth: .infinity)")
        case let alignment?: lines.append(".frame(maxWidth: .infinity, alignment: .\(alignment))")
        }
        return lines + padding(placement.padding)
    }

    /// `.padding()`, `.padding(.horizontal, 24)`, `.padding(.top, 40)`: equal edges paired, the
    /// standard 16 points without a number (what `.padding()` gives on iOS); nothing for zero.
    static func padding(_ p: Padding) -> [String] {
        func line(_ edges: String?, _ amount: Double) -> String {
            let value = amount == standardPadding ? nil : CodeNumber.format(amount)
            return ".padding(" + [edges, value].compactMap { $0 }.joined(separator: ", ") + ")"
        }
        if p == .zero { return [] }
        if p.top == p.bottom, p.leading == p.trailing, p.top == p.leading { return [line(nil, p.top)] }
        var lines: [String] = []
        if p.leading == p.trailing {
            if p.leading > 0 { lines.append(line(".horizontal", p.leading)) }
        }
        if p.top == p.bottom {
            if p.top > 0 { lines.append(line(".vertical", p.top)) }
        } else {
            lines += [(".top", p.top), (".bottom", p.bottom)].filter { $0.1 > 0 }.map { line($0.0, $0.1) }
        }
        if p.leading != p.trailing {
            lines += [(".leading", p.leading), (".trailing", p.trailing)].filter { $0.1 > 0 }.map { line($0.0, $0.1) }
        }
        return lines
    }

    /// The padding SwiftUI's `.padding()` adds on iOS.
    static let standardPadding = 16.0

    func spacer(minLength: Double, parent: StackBlueprint.Axis?) -> [String] {
        minLength > 0 ? ["Spacer(minLength: \(CodeNumber.format(minLength)))"] : ["Spacer()"]
    }

    func write(
        _ element: ElementBlueprint, parent: StackBlueprint.Axis?, into writer: inout CodeWriter,
        walker: ViewTreeWalker<Self>
    ) {
        if case .button(let button) = element.kind {
            writeButton(button, element: element, into: &writer)
        } else if case .list(let list) = element.kind {
            writeList(list, element: element, into: &writer)
        } else if let link = element.link {
            writeLinked(link, into: &writer) { writeBare(element, placed: false, into: &$0, walker: walker) }
            writer.lines(Self.placementModifiers(element.placement))
        } else {
            writeBare(element, placed: true, into: &writer, walker: walker)
        }
    }

    /// An element with its modifiers, without any link around it; a control whose title is
    /// drawn beside it sits in `LabeledContent` (``TitleBlueprint/wrapsControl``).
    /// With `placed`, its ``Placement`` modifiers come last.
    private func writeBare(
        _ element: ElementBlueprint, placed: Bool, into writer: inout CodeWriter, walker: ViewTreeWalker<Self>
    ) {
        let outer =
            Self.accessibilityModifiers(element.accessibility)
            + (placed ? Self.placementModifiers(element.placement) : [])
        guard let title = element.title, title.wrapsControl else {
            return writeModified(element, extra: outer, into: &writer, walker: walker)
        }
        writer.block("LabeledContent(\(StringLiteral.quoted(title.text))) {") {
            writeModified(element, extra: [], into: &$0, walker: walker)
        }
        writer.lines(outer)
    }

    /// The control and its own, width and ink modifiers, then `extra`.
    private func writeModified(
        _ element: ElementBlueprint, extra: [String], into writer: inout CodeWriter, walker: ViewTreeWalker<Self>
    ) {
        let written = writeControl(element, into: &writer, walker: walker)
        let modifiers = written.modifiers + Self.widthModifiers(element) + inkModifiers(element) + extra
        writer.modifiers(modifiers)
    }

    /// Wraps an element in a `NavigationLink` (push) or a `Button` that presents a sheet.
    private func writeLinked(_ link: LinkBlueprint, into writer: inout CodeWriter, label: (inout CodeWriter) -> Void) {
        switch link.style {
        case .push:
            writer.block("NavigationLink {", close: []) { $0.line("\(link.destination)()") }
            writer.block("} label: {", label)
        case .sheet:
            let flag = link.presentedBy ?? "isPresented"
            writer.block("Button {", close: []) { $0.line("\(flag) = true") }
            writer.block("} label: {", label)
            writer.block(".sheet(isPresented: $\(flag)) {") { $0.line("\(link.destination)()") }
        }
    }

    /// `.frame(maxWidth:)` for a stretching control drawn narrower than full width (a card has
    /// its own, before its background).
    static func widthModifiers(_ element: ElementBlueprint) -> [String] {
        if case .card = element.kind { return [] }
        return element.pinnedWidth.map { [".frame(maxWidth: \(CodeNumber.format($0)))"] } ?? []
    }

    private func inkModifiers(_ element: ElementBlueprint) -> [String] {
        guard let ink = element.ink else { return [] }
        switch element.kind {
        case .toggle, .slider, .picker, .pageControl: return [".tint(Theme.\(ink))"]
        default: return [".foregroundStyle(Theme.\(ink))"]
        }
    }

    static func accessibilityModifiers(_ info: AccessibilityInfo) -> [String] {
        var lines: [String] = []
        if let label = info.label { lines.append(".accessibilityLabel(\(StringLiteral.quoted(label)))") }
        if info.isHeader { lines.append(".accessibilityAddTraits(.isHeader)") }
        if let priority = info.sortPriority { lines.append(".accessibilitySortPriority(\(priority))") }
        return lines
    }

    // MARK: Buttons

    private func writeButton(_ button: ButtonBlueprint, element: ElementBlueprint, into writer: inout CodeWriter) {
        let label: (inout CodeWriter) -> Void = { w in
            w.line(Self.buttonLabel(button))
            if button.fullWidth { w.modifiers([".frame(maxWidth: .infinity)"]) }
        }
        var trailing: [String] = []
        switch element.link?.style {
        case .push?:
            writer.block("NavigationLink {", close: []) { $0.line("\(element.link!.destination)()") }
            writer.block("} label: {", label)
        case .sheet?:
            let flag = element.link?.presentedBy ?? "isPresented"
            writer.block("Button {", close: []) { $0.line("\(flag) = true") }
            writer.block("} label: {", label)
            trailing = [".sheet(isPresented: $\(flag)) {", "    \(element.link!.destination)()", "}"]
        case nil:
            writer.block("Button(action: \(button.action ?? "{}")) {", label)
        }
        if button.title != nil {
            writer.lines([
                ".buttonStyle(.borderedProminent)", ".buttonBorderShape(.roundedRectangle(radius: Theme.cornerRadius))",
            ])
        }
        if let ink = element.ink { writer.line(".tint(Theme.\(ink))") }
        writer.lines(
            Self.accessibilityModifiers(element.accessibility) + trailing + Self.placementModifiers(element.placement))
    }

    static func buttonLabel(_ button: ButtonBlueprint) -> String {
        switch (button.title, button.symbol) {
        case (let title?, let symbol?):
            "Label(\(StringLiteral.quoted(title)), systemImage: \(StringLiteral.quoted(symbol)))"
        case (let title?, nil): "Text(\(StringLiteral.quoted(title)))"
        case (nil, let symbol?): "Image(systemName: \(StringLiteral.quoted(symbol)))"
        case (nil, nil): "Text(\"Button\")"
        }
    }
}
