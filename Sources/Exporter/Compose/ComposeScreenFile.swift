/// One screen's Kotlin file: a `@Composable` function with its state, a `Scaffold` with the
/// top app bar and navigation bar, the layout, and the row data classes.
struct ComposeScreenFile {
    let screen: ScreenBlueprint
    let package: String
    private let syntax = ComposeSyntax()

    init(_ screen: ScreenBlueprint, package: String) {
        self.screen = screen
        self.package = package
    }

    /// Navigation callbacks the screen takes: one per drawn link destination, plus `onBack`.
    var callbacks: [String] {
        var names: [String] = []
        if screen.navigation?.leading.map({ $0.action == nil }) == true { names.append("onBack") }
        for destination in Self.destinations(screen.content) where !names.contains("onOpen" + destination) {
            names.append("onOpen" + destination)
        }
        return names
    }

    static func destinations(_ node: ViewNode) -> [String] { links(node).map(\.destination) }

    /// Every drawn link in the layout, cards included, in layout order.
    static func links(_ node: ViewNode) -> [LinkBlueprint] {
        switch node {
        case .stack(let stack): stack.children.flatMap(links)
        case .spacer: []
        case .element(let element):
            (element.link.map { [$0] } ?? [])
                + { if case .card(let s, _) = element.kind { links(.stack(s)) } else { [] } }()
        }
    }

    var text: String {
        var w = CodeWriter()
        w.line("package \(package)")
        w.line("")
        w.lines(ComposeSupportFiles.imports)
        w.line("")
        w.line("/** The \(StringLiteral.quoted(screen.name, for: .kotlin)) screen, drawn in sketchd. */")
        w.line("@OptIn(ExperimentalMaterial3Api::class)")
        w.line("@Composable")
        let parameters = callbacks.map { "\($0): () -> Unit = {}" }.joined(separator: ", ")
        w.block("fun \(screen.typeName)(\(parameters)) {") { body in
            writeState(into: &body)
            if !screen.tabs.isEmpty { body.line("var selectedTab by remember { mutableStateOf(0) }") }
            if screen.navigation == nil, screen.tabs.isEmpty {
                body.line("Scaffold { innerPadding ->")
            } else {
                body.block("Scaffold(", close: [") { innerPadding ->"]) { scaffold in
                    writeTopBar(into: &scaffold)
                    writeBottomBar(into: &scaffold)
                }
            }
            body.indented { writeContent(into: &$0) }
            body.line("}")
        }
        for action in screen.actions {
            w.line("")
            w.block("private fun \(action.name)() {") {
                $0.line("// Runs when \(StringLiteral.quoted(action.title, for: .kotlin)) is tapped.")
            }
        }
        for type in screen.itemTypes {
            var fields = ["val title: String"]
            if type.hasSubtitle { fields.append("val subtitle: String") }
            if type.hasSymbol { fields.append("val symbol: String") }
            if type.hasToggle { fields.append("val isOn: Boolean") }
            w.line("")
            w.line("/** One row of a list on the \(StringLiteral.quoted(screen.name, for: .kotlin)) screen. */")
            w.line("data class \(type.name)(\(fields.joined(separator: ", ")))")
        }
        return w.text
    }

    private func writeState(into w: inout CodeWriter) {
        // Sheets navigate on Android, so the flags that present them in SwiftUI are not needed.
        let sheetFlags = Set(Self.links(screen.content).compactMap(\.presentedBy))
        for property in screen.state where !sheetFlags.contains(property.name) {
            switch property.initial {
            case .text(let text):
                w.line(
                    "var \(property.name) by remember { mutableStateOf(\(StringLiteral.quoted(text, for: .kotlin))) }")
            case .flag(let on): w.line("var \(property.name) by remember { mutableStateOf(\(on)) }")
            case .fraction(let value):
                w.line("var \(property.name) by remember { mutableStateOf(\(CodeNumber.format(value))f) }")
            case .choice(let index): w.line("var \(property.name) by remember { mutableStateOf(\(index)) }")
            case .items(let typeName, let rows):
                let type = screen.itemTypes.first { $0.name == typeName }
                w.block("val \(property.name) = remember {", close: ["}"]) { outer in
                    outer.block("mutableStateListOf(", close: [")"]) { list in
                        for row in rows {
                            var arguments = ["title = \(StringLiteral.quoted(row.title, for: .kotlin))"]
                            if type?.hasSubtitle == true {
                                arguments.append("subtitle = \(StringLiteral.quoted(row.subtitle, for: .kotlin))")
                            }
                            if type?.hasSymbol == true {
                                arguments.append("symbol = \(StringLiteral.quoted(row.symbol, for: .kotlin))")
                            }
                            if type?.hasToggle == true { arguments.append("isOn = \(row.isOn)") }
                            list.line("\(typeName)(\(arguments.joined(separator: ", "))),")
                        }
                    }
                }
            }
        }
    }

    private func writeTopBar(into w: inout CodeWriter) {
        guard let navigation = screen.navigation else { return }
        w.block("topBar = {", close: ["},"]) { bar in
            bar.block("TopAppBar(", close: [")"]) { app in
                app.line("title = { Text(\(StringLiteral.quoted(navigation.title, for: .kotlin))) },")
                if let leading = navigation.leading {
                    app.line("navigationIcon = { \(iconButton(leading)) },")
                }
                if let trailing = navigation.trailing {
                    app.line("actions = { \(iconButton(trailing)) },")
                }
            }
        }
    }

    private func iconButton(_ item: BarButton) -> String {
        let onClick = item.action.map { "::\($0)" } ?? "onBack"
        let content =
            item.symbol.map {
                "Icon(\(ComposeIcons.reference($0)), contentDescription = \(StringLiteral.quoted(item.title, for: .kotlin)))"
            }
            ?? "Text(\(StringLiteral.quoted(item.title, for: .kotlin)))"
        return item.symbol == nil
            ? "TextButton(onClick = \(onClick)) { \(content) }" : "IconButton(onClick = \(onClick)) { \(content) }"
    }

    private func writeBottomBar(into w: inout CodeWriter) {
        guard !screen.tabs.isEmpty else { return }
        w.block("bottomBar = {", close: ["},"]) { bar in
            bar.block("NavigationBar {") { items in
                for (index, tab) in screen.tabs.enumerated() {
                    let onClick: String
                    if case .screen(let destination) = tab.destination, callbacks.contains("onOpen" + destination) {
                        onClick = "{ onOpen\(destination)() }"
                    } else {
                        onClick = "{ selectedTab = \(index) }"
                    }
                    items.line(
                        "NavigationBarItem(selected = selectedTab == \(index), onClick = \(onClick), icon = { Icon(\(ComposeIcons.reference(tab.symbol)), contentDescription = null) }, label = { Text(\(StringLiteral.quoted(tab.title, for: .kotlin))) })"
                    )
                }
            }
        }
    }

    private func writeContent(into w: inout CodeWriter) {
        guard case .stack(let root) = screen.content else { return }
        var modifier = "Modifier.padding(innerPadding).fillMaxSize().background(Theme.background)"
        if screen.scrolls { modifier += ".verticalScroll(rememberScrollState())" }
        modifier += ComposeSyntax.padding(root.padding) ?? ""
        let walker = ViewTreeWalker(syntax: syntax)
        w.block(syntax.open(root, modifier: modifier)) { column in
            for child in root.children { walker.write(child, parent: root.axis, into: &column) }
        }
    }
}
