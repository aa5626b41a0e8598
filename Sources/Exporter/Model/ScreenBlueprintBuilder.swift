import SessionModel
import SketchModel

/// Builds one screen's blueprint: the chrome (navigation and tab bars), the layout tree, and the
/// state and actions its elements need, in layout order.
struct ScreenBlueprintBuilder {
    let recognition: ScreenRecognition
    let typeName: String
    let storyboard: Storyboard
    let theme: ThemeTokens
    /// Type names claimed so far in the session (read back by the caller).
    var names: UniqueNames
    /// The view's member names so far.
    var members = UniqueNames.members()

    var state: [StateProperty] = []
    var actions: [ActionHook] = []
    var itemTypes: [ItemType] = []
    private var sortPriorities: [String: Int] = [:]
    /// Empty text fields named by the label just above them (``ControlTitle/labelsAbove(in:byID:)``).
    private(set) var labelsAbove: [String: Element] = [:]

    init(
        recognition: ScreenRecognition, typeName: String, storyboard: Storyboard, theme: ThemeTokens, names: UniqueNames
    ) {
        self.recognition = recognition
        self.typeName = typeName
        self.storyboard = storyboard
        self.theme = theme
        self.names = names
    }

    var screenID: String { recognition.screen.id }
    var screenWidth: Double { recognition.screen.width }
    /// Which elements are full width and which keep their drawn width, as the layout model has it.
    var widthRule: WidthRule { WidthRule(screenWidth: screenWidth, layout: recognition.layout) }

    /// The blueprint.
    mutating func build() -> ScreenBlueprint {
        let bars = recognition.elements.filter { $0.type == .navigationBar || $0.type == .tabBar }
        let barIDs = Set(bars.map(\.id))
        let contentRoots = recognition.elements.filter { !barIDs.contains($0.id) }
        let byID = Dictionary(contentRoots.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        labelsAbove = ControlTitle.labelsAbove(in: recognition.layout, byID: byID)
        sortPriorities = Self.sortPriorities(
            layoutOrder: recognition.layout.elementIDs.filter { byID[$0] != nil },
            readingOrder: recognition.readingOrder)

        var navigation: NavigationChrome?
        if let bar = recognition.elements.first(where: { $0.type == .navigationBar }) {
            navigation = navigationChrome(bar)
        }
        var root = LayoutIdioms.simplify(rootStack(byID: byID, contentRoots: contentRoots))
        if root.children.isEmpty { root.children = [.spacer(minLength: 0)] }
        let tabs = recognition.elements.first { $0.type == .tabBar }.map(tabItems) ?? []
        let hosts = !storyboard.isPushed(screenID) && (navigation != nil || storyboard.pushesFrom(screenID))
        return ScreenBlueprint(
            screenID: screenID, name: recognition.screen.name, typeName: typeName, navigation: navigation, tabs: tabs,
            scrolls: recognition.screen.height > 844, hostsNavigationStack: hosts,
            content: .stack(root), state: state, actions: actions, itemTypes: itemTypes)
    }

    // MARK: Layout

    private mutating func rootStack(byID: [String: Element], contentRoots: [Element]) -> StackBlueprint {
        var root: StackBlueprint
        switch layoutNode(recognition.layout, byID: byID) {
        case .stack(let stack) where stack.axis == .vertical: root = stack
        case let other?:
            root = StackBlueprint(axis: .vertical, spacing: 16, alignment: "center", padding: .zero, children: [other])
        case nil: root = StackBlueprint(axis: .vertical, spacing: 16, alignment: "center", padding: .zero, children: [])
        }
        root.padding.top = contentTop(below: root.padding.top)
        let placed = Set(recognition.layout.elementIDs)
        for element in contentRoots where !placed.contains(element.id) {
            root.children.append(.element(blueprint(for: element)))
        }
        return root
    }

    private mutating func layoutNode(_ node: LayoutNode, byID: [String: Element]) -> ViewNode? {
        switch node {
        case .vstack(let s): return stack(.vertical, s, byID: byID)
        case .hstack(let s): return stack(.horizontal, s, byID: byID)
        case .zstack(let s): return stack(.overlay, s, byID: byID)
        case .spacer(let minLength): return .spacer(minLength: Self.points(minLength))
        case .element(let id): return byID[id].map { .element(blueprint(for: $0)) }
        }
    }

    private mutating func stack(_ axis: StackBlueprint.Axis, _ s: LayoutNode.Stack, byID: [String: Element])
        -> ViewNode?
    {
        if axis == .horizontal, let titled = Self.titledRow(s.children, byID: byID) {
            return .element(blueprint(for: titled.control, titledBy: titled.label))
        }
        let children = s.children.compactMap { layoutNode($0, byID: byID) }
        guard children.contains(where: { if case .spacer = $0 { false } else { true } }) else { return nil }
        let allowed: Set<String> =
            axis == .horizontal ? ["top", "center", "bottom"] : ["leading", "center", "trailing"]
        let padding = Padding(
            top: Self.points(s.padding.top), leading: Self.points(s.padding.leading),
            bottom: Self.points(s.padding.bottom), trailing: Self.points(s.padding.trailing))
        return .stack(
            StackBlueprint(
                axis: axis, spacing: Self.points(s.spacing),
                alignment: allowed.contains(s.alignment) ? s.alignment : "center",
                padding: padding, children: children))
    }

    /// The root's top padding in the code, from the layout's (`layoutTop`, measured from the top of
    /// the drawn screen): SwiftUI starts the content below the status bar (``SafeArea``), or right
    /// below the navigation bar, where the layout has the bar as the root's first row followed by
    /// the root's spacing, which the code's first row does not get.
    func contentTop(below layoutTop: Double) -> Double {
        let top: Double
        if let bar = recognition.elements.first(where: { $0.type == .navigationBar }) {
            if case .vstack(let root) = recognition.layout, case .element(let first)? = root.children.first,
                first == bar.id
            {
                top = layoutTop + bar.frame.height + root.spacing - bar.frame.maxY
            } else {
                top = layoutTop - bar.frame.maxY
            }
        } else {
            top = layoutTop - SafeArea.top(screenWidth: screenWidth)
        }
        return max(0, (top / 8).rounded() * 8)
    }

    /// A row of a label and the control it titles (``ControlTitle``); spacers between them are
    /// the row's own gap, which the titled control keeps.
    static func titledRow(_ children: [LayoutNode], byID: [String: Element]) -> (control: Element, label: Element)? {
        var row: [Element] = []
        for node in children {
            switch node {
            case .spacer: continue
            case .element(let id):
                guard let element = byID[id] else { return nil }
                row.append(element)
            default: return nil
            }
        }
        return ControlTitle.titled(row)
    }

    /// A finite, non-negative whole number of points.
    static func points(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), 2000).rounded() : 0
    }

    /// Reading positions for elements, only when the reading order differs from the layout order.
    static func sortPriorities(layoutOrder: [String], readingOrder: [String]) -> [String: Int] {
        let inLayout = Set(layoutOrder)
        var seen: Set<String> = []
        let reading = readingOrder.filter { inLayout.contains($0) && seen.insert($0).inserted }
        let readingSet = Set(reading)
        guard reading != layoutOrder.filter({ readingSet.contains($0) }) else { return [:] }
        var result: [String: Int] = [:]
        for (index, id) in reading.enumerated() { result[id] = reading.count - index }
        return result
    }

    // MARK: Names

    /// A member name from the element's words (`text`) plus `suffix`, else `fallback` and its
    /// order among the screen's elements named that way (``UniqueNames``).
    mutating func memberName(_ text: String?, suffix: String = "", fallback: String, fallbackSuffix: String = "")
        -> String
    {
        members.name(words: text, suffix: suffix, fallback: fallback, fallbackSuffix: fallbackSuffix)
    }

    mutating func addState(_ name: String, _ value: StateValue) -> String {
        state.append(StateProperty(name: name, initial: value))
        return name
    }

    mutating func addAction(_ name: String, title: String) -> String {
        actions.append(ActionHook(name: name, title: title))
        return name
    }

    func sortPriority(of id: String) -> Int? { sortPriorities[id] }
}
