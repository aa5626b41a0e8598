/// Jetpack Compose (Material 3) syntax for the layout tree.
struct ComposeSyntax: ViewSyntax {
    func open(_ stack: StackBlueprint, parent: StackBlueprint.Axis?) -> String {
        let chain = Self.placementChain(stack.placement) + (Self.padding(stack.padding) ?? "")
        return open(stack, modifier: chain.isEmpty ? nil : "Modifier" + chain)
    }

    /// A ``Placement`` as a modifier chain, outermost first: its padding, then the full width
    /// with the view aligned in it; empty for none.
    static func placementChain(_ placement: Placement) -> String {
        let align = ["leading": "Start", "trailing": "End"][placement.fillAlignment ?? ""] ?? "CenterHorizontally"
        return (padding(placement.padding) ?? "")
            + (placement.fillAlignment == nil ? "" : ".fillMaxWidth().wrapContentWidth(Alignment.\(align))")
    }

    /// The opening line with an explicit modifier chain (cards and the screen root add theirs).
    func open(_ stack: StackBlueprint, modifier: String?) -> String {
        var arguments: [String] = modifier.map { ["modifier = \($0)"] } ?? []
        let spacing = "Arrangement.spacedBy(\(CodeNumber.format(stack.spacing)).dp)"
        switch stack.axis {
        case .vertical:
            arguments.append("verticalArrangement = \(spacing)")
            let alignment = ["leading": "Start", "trailing": "End"][stack.alignment] ?? "CenterHorizontally"
            arguments.append("horizontalAlignment = Alignment.\(alignment)")
            return "Column(\(arguments.joined(separator: ", "))) {"
        case .horizontal:
            arguments.append("horizontalArrangement = \(spacing)")
            let alignment = ["top": "Top", "bottom": "Bottom"][stack.alignment] ?? "CenterVertically"
            arguments.append("verticalAlignment = Alignment.\(alignment)")
            return "Row(\(arguments.joined(separator: ", "))) {"
        case .overlay:
            return "Box(\(arguments.joined(separator: ", "))) {"
        }
    }

    func close(_ stack: StackBlueprint) -> [String] { ["}"] }

    /// `.padding(24.dp)`, `.padding(horizontal = 20.dp, vertical = 16.dp)` or per edge; nil for none.
    static func padding(_ p: Padding) -> String? {
        if p == .zero { return nil }
        func dp(_ v: Double) -> String { "\(CodeNumber.format(v)).dp" }
        if p.top == p.bottom, p.leading == p.trailing {
            return p.top == p.leading
                ? ".padding(\(dp(p.top)))" : ".padding(horizontal = \(dp(p.leading)), vertical = \(dp(p.top)))"
        }
        return
            ".padding(start = \(dp(p.leading)), top = \(dp(p.top)), end = \(dp(p.trailing)), bottom = \(dp(p.bottom)))"
    }

    func spacer(minLength: Double, parent: StackBlueprint.Axis?) -> [String] {
        switch parent {
        case .vertical?, .horizontal?: ["Spacer(modifier = Modifier.weight(1f))"]
        default: []
        }
    }

    func write(
        _ element: ElementBlueprint, parent: StackBlueprint.Axis?, into writer: inout CodeWriter,
        walker: ViewTreeWalker<Self>
    ) {
        guard element.placement == .natural else {
            // Compose controls take their own modifiers, so a placed one sits in a Box that has it.
            var inner = element
            inner.placement = .natural
            writer.block("Box(modifier = Modifier\(Self.placementChain(element.placement))) {") {
                write(inner, parent: nil, into: &$0, walker: walker)
            }
            return
        }
        let onTap = element.link.map { "onOpen\($0.destination)" }
        switch element.kind {
        case .button(let button):
            writeButton(
                button, ink: element.ink, label: element.accessibility.label,
                onClick: onTap ?? button.action.map { "::\($0)" } ?? "{}", into: &writer)
        case .card(let stack, let fullWidth):
            let width = fullWidth ? ".fillMaxWidth()" : Self.pinnedWidth(element) ?? ""
            let modifier =
                "Modifier\(width).background(Theme.cardBackground, RoundedCornerShape(Theme.cornerRadius))"
                + (Self.padding(stack.padding) ?? "")
            writer.block(open(stack, modifier: modifier)) { inner in
                for child in stack.children { walker.write(child, parent: stack.axis, into: &inner) }
            }
        case .list(let list):
            writeList(list, element: element, fill: parent == .vertical, onTap: onTap, into: &writer)
        default:
            guard let title = element.title, title.wrapsControl else {
                return writeControl(element, onTap: onTap, into: &writer)
            }
            writer.block(
                "Row(horizontalArrangement = Arrangement.spacedBy(16.dp), verticalAlignment = Alignment.CenterVertically) {"
            ) { row in
                row.line("Text(\(StringLiteral.quoted(title.text, for: .kotlin)))")
                writeControl(element, onTap: onTap, into: &row)
            }
        }
    }

    /// `Modifier.semantics { ... }` for headers and spoken labels, or nil.
    static func semantics(_ info: AccessibilityInfo) -> String? {
        var parts: [String] = []
        if info.isHeader { parts.append("heading()") }
        if let priority = info.sortPriority { parts.append("traversalIndex = \(-priority)f") }
        return parts.isEmpty ? nil : "Modifier.semantics { \(parts.joined(separator: "; ")) }"
    }

    private func writeButton(
        _ button: ButtonBlueprint, ink: String?, label: String?, onClick: String, into w: inout CodeWriter
    ) {
        guard let title = button.title else {
            w.block("IconButton(onClick = \(onClick)) {") {
                $0.line(
                    "Icon(\(ComposeIcons.reference(button.symbol ?? "circle")), contentDescription = \(StringLiteral.quoted(label ?? "Button", for: .kotlin)))"
                )
            }
            return
        }
        var arguments = ["onClick = \(onClick)"]
        if button.fullWidth { arguments.append("modifier = Modifier.fillMaxWidth()") }
        arguments.append("shape = RoundedCornerShape(Theme.cornerRadius)")
        if let ink { arguments.append("colors = ButtonDefaults.buttonColors(containerColor = Theme.\(ink))") }
        w.block("Button(\(arguments.joined(separator: ", "))) {") { inner in
            if let symbol = button.symbol {
                inner.line("Icon(\(ComposeIcons.reference(symbol)), contentDescription = null)")
                inner.line("Spacer(modifier = Modifier.width(8.dp))")
            }
            inner.line("Text(\(StringLiteral.quoted(title, for: .kotlin)))")
        }
    }
}
