import SketchModel

/// One screen's SwiftUI file: the view struct with its state, body, chrome and actions, its list
/// item types, and a `#Preview`.
struct SwiftUIScreenFile {
    let screen: ScreenBlueprint
    private let walker = ViewTreeWalker(syntax: SwiftUISyntax())

    init(_ screen: ScreenBlueprint) { self.screen = screen }

    /// The file, with the lines each element's code takes.
    var file: GeneratedFile {
        GeneratedFile(path: screen.typeName + ".swift", text: written.text, elementLines: written.elementLines)
    }

    private var written: CodeWriter {
        var w = CodeWriter(lineLimit: SwiftFormatConfiguration.lineLength)
        w.line("import SwiftUI")
        w.line("")
        w.line("/// The \(StringLiteral.quoted(screenTitle)) screen, drawn in sketchd.")
        w.block("struct \(screen.typeName): View {") { body in
            writeProperties(into: &body)
            writeBody(into: &body)
            if wrapsContent {
                body.line("")
                body.block("private var content: some View {") { writeContent(into: &$0) }
            }
            for action in screen.actions {
                body.line("")
                body.block("private func \(action.name)() {") {
                    $0.line("// Runs when \(StringLiteral.quoted(action.title)) is tapped.")
                }
            }
        }
        for type in screen.itemTypes {
            w.line("")
            writeItemType(type, into: &w)
        }
        w.line("")
        w.block("#Preview {") { preview in
            if screen.hostsNavigationStack || (screen.navigation == nil && screen.tabs.isEmpty) {
                preview.line("\(screen.typeName)()")
            } else {
                preview.block("NavigationStack {") { $0.line("\(screen.typeName)()") }
            }
        }
        return w
    }

    private var screenTitle: String { screen.name }

    /// Whether the layout moves into a `content` property because chrome wraps it.
    private var wrapsContent: Bool { screen.navigation != nil || !screen.tabs.isEmpty || screen.hostsNavigationStack }

    private var usesDismiss: Bool { screen.navigation?.leading.map { $0.action == nil } ?? false }

    private func writeProperties(into w: inout CodeWriter) {
        if usesDismiss { w.line("@Environment(\\.dismiss) private var dismiss") }
        for property in screen.state {
            switch property.initial {
            case .text(let text): w.line("@State private var \(property.name) = \(StringLiteral.quoted(text))")
            case .flag(let on): w.line("@State private var \(property.name) = \(on)")
            case .fraction(let value): w.line("@State private var \(property.name) = \(CodeNumber.format(value))")
            case .choice(let index): w.line("@State private var \(property.name) = \(index)")
            case .items(let type, let rows):
                let itemType = screen.itemTypes.first { $0.name == type }
                w.block("@State private var \(property.name) = [", close: ["]"]) { list in
                    for row in rows { list.line(itemLiteral(row, type: itemType, typeName: type) + ",") }
                }
            }
        }
        if usesDismiss || !screen.state.isEmpty { w.line("") }
    }

    private func itemLiteral(_ row: ItemRow, type: ItemType?, typeName: String) -> String {
        var arguments = ["title: \(StringLiteral.quoted(row.title))"]
        if type?.hasSubtitle == true { arguments.append("subtitle: \(StringLiteral.quoted(row.subtitle))") }
        if type?.hasSymbol == true { arguments.append("symbol: \(StringLiteral.quoted(row.symbol))") }
        if type?.hasToggle == true { arguments.append("isOn: \(row.isOn)") }
        return "\(typeName)(\(arguments.joined(separator: ", ")))"
    }

    private func writeBody(into w: inout CodeWriter) {
        w.block("var body: some View {") { body in
            guard wrapsContent else { return writeContent(into: &body) }
            if screen.tabs.isEmpty {
                writeNavigationHost(into: &body)
            } else {
                body.block("TabView {") { tabs in
                    for tab in screen.tabs {
                        let item: (inout CodeWriter) -> Void = {
                            $0.block(".tabItem {") {
                                $0.line(
                                    "Label(\(StringLiteral.quoted(tab.title)), systemImage: \(StringLiteral.quoted(tab.symbol)))"
                                )
                            }
                        }
                        switch tab.destination {
                        case .ownContent:
                            writeNavigationHost(into: &tabs)
                            item(&tabs)
                        case .screen(let type):
                            tabs.line("\(type)()")
                            tabs.indented(item)
                        case .empty:
                            tabs.line("Text(\(StringLiteral.quoted(tab.title)))")
                            tabs.indented(item)
                        }
                    }
                }
            }
        }
    }

    /// `content` with the navigation title and toolbar, inside a `NavigationStack` when this
    /// screen owns one.
    private func writeNavigationHost(into w: inout CodeWriter) {
        let chrome: (inout CodeWriter) -> Void = { inner in
            inner.line("content")
            inner.indented { writeChrome(into: &$0) }
        }
        if screen.hostsNavigationStack { w.block("NavigationStack {", chrome) } else { chrome(&w) }
    }

    private func writeChrome(into w: inout CodeWriter) {
        guard let navigation = screen.navigation else { return }
        w.line(".navigationTitle(\(StringLiteral.quoted(navigation.title)))")
        if navigation.inline { w.line(".navigationBarTitleDisplayMode(.inline)") }
        if usesDismiss { w.line(".navigationBarBackButtonHidden(true)") }
        guard navigation.leading != nil || navigation.trailing != nil else { return }
        w.block(".toolbar {") { toolbar in
            for (placement, item) in [
                ("navigationBarLeading", navigation.leading), ("navigationBarTrailing", navigation.trailing),
            ] {
                guard let item else { continue }
                toolbar.block("ToolbarItem(placement: .\(placement)) {") { writeBarButton(item, into: &$0) }
            }
        }
    }

    private func writeBarButton(_ item: BarButton, into w: inout CodeWriter) {
        let opening = item.action.map { "Button(action: \($0)) {" } ?? "Button(action: { dismiss() }) {"
        w.block(opening) { label in
            label.line(
                item.symbol.map { "Image(systemName: \(StringLiteral.quoted($0)))" }
                    ?? "Text(\(StringLiteral.quoted(item.title)))")
        }
        if item.symbol != nil { w.line(".accessibilityLabel(\(StringLiteral.quoted(item.title)))") }
    }

    private func writeContent(into w: inout CodeWriter) {
        guard case .stack(let stack) = screen.content else { return }
        let root = LayoutIdioms.onlyView(of: stack) ?? .stack(stack)
        if screen.scrolls {
            w.block("ScrollView {") { walker.write(root, parent: nil, into: &$0) }
        } else {
            walker.write(root, parent: nil, into: &w)
            w.modifiers([".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)"])
        }
        w.modifiers(
            (Self.hasSortPriorities(screen.content) ? [".accessibilityElement(children: .contain)"] : []) + [
                ".background(Theme.background)"
            ])
    }

    static func hasSortPriorities(_ node: ViewNode) -> Bool {
        switch node {
        case .stack(let stack): stack.children.contains(where: hasSortPriorities)
        case .spacer: false
        case .element(let element): element.accessibility.sortPriority != nil
        }
    }

    private func writeItemType(_ type: ItemType, into w: inout CodeWriter) {
        w.line("/// One row of a list on the \(StringLiteral.quoted(screenTitle)) screen.")
        w.block("struct \(type.name): Identifiable, Hashable {") { fields in
            fields.line("let id = UUID()")
            fields.line("var title: String")
            if type.hasSubtitle { fields.line("var subtitle: String") }
            if type.hasSymbol { fields.line("var symbol: String") }
            if type.hasToggle { fields.line("var isOn: Bool") }
        }
    }
}
