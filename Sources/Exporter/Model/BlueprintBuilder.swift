import SessionModel
import SketchModel

/// The shared model-to-code layer: turns a ``SessionRecognition`` into the ``AppBlueprint``
/// that every target's emitter renders.
enum BlueprintBuilder {
    /// The blueprint of a whole session.
    static func app(for recognition: SessionRecognition) -> AppBlueprint {
        let typeNames = screenTypeNames(recognition.screens.map(\.screen))
        let storyboard = Storyboard(recognition: recognition, typeNames: typeNames)
        // One walk over every element, copying none (the blueprint is rebuilt for every result).
        var colors: [String] = []
        var usesCheckbox = false
        for screen in recognition.screens {
            for root in screen.elements {
                root.visitTree { element in
                    if let color = element.color { colors.append(color) }
                    if element.type == .checkbox { usesCheckbox = true }
                }
            }
        }
        let theme = ThemeTokens(theme: recognition.theme, strokeColors: colors)
        var names = UniqueNames(reserved: Set(typeNames.values))
        var screens: [ScreenBlueprint] = []
        for screen in recognition.screens {
            var builder = ScreenBlueprintBuilder(
                recognition: screen, typeName: typeNames[screen.screen.id] ?? "MainScreen",
                storyboard: storyboard, theme: theme, names: names)
            screens.append(builder.build())
            names = builder.names
        }
        let appName = CodeIdentifier.typeName(recognition.title ?? "", fallback: "Sketch")
        let root = storyboard.rootScreen(in: recognition.screens.map(\.screen.id))
        return AppBlueprint(
            name: appName, screens: screens, theme: theme,
            rootScreen: typeNames[root] ?? screens.first?.typeName ?? "MainScreen", usesCheckbox: usesCheckbox)
    }

    /// `Login` -> `LoginScreen`; a second screen of the same name is `LoginScreen2` (session order).
    static func screenTypeNames(_ screens: [Screen]) -> [String: String] {
        var result: [String: String] = [:]
        var used = UniqueNames()
        for screen in screens {
            var name = CodeIdentifier.typeName(screen.name, fallback: "Untitled")
            if !(name.hasSuffix("Screen") || name.hasSuffix("View")) || name == "View" { name += "Screen" }
            result[screen.id] = used.claim(name)
        }
        return result
    }
}

/// The session's links, resolved to type names: which element leads where, and which screens
/// are pushed (and so live inside another screen's navigation stack).
struct Storyboard: Sendable {
    private var links: [String: [String: NavigationLinkSpec]] = [:]
    private var typeNames: [String: String]
    private var pushed: Set<String> = []
    private var linked: Set<String> = []
    private var tabElements: Set<String> = []

    init(recognition: SessionRecognition, typeNames: [String: String]) {
        self.typeNames = typeNames
        for screen in recognition.screens {
            for bar in screen.elements where bar.type == .tabBar {
                for item in bar.children { tabElements.insert(screen.screen.id + "\u{0}" + item.id) }
            }
        }
        for link in recognition.links.sorted(by: {
            ($0.fromScreen, $0.fromElement, $0.strokeId) < ($1.fromScreen, $1.fromElement, $1.strokeId)
        }) {
            guard typeNames[link.toScreen] != nil, link.toScreen != link.fromScreen else { continue }
            guard links[link.fromScreen]?[link.fromElement] == nil else { continue }
            links[link.fromScreen, default: [:]][link.fromElement] = link
            linked.insert(link.toScreen)
            let isTab = tabElements.contains(link.fromScreen + "\u{0}" + link.fromElement)
            if link.style != "sheet", !isTab { pushed.insert(link.toScreen) }
        }
    }

    /// The link drawn from an element, if any.
    func link(from element: String, on screen: String) -> NavigationLinkSpec? { links[screen]?[element] }

    /// The destination's view type name.
    func typeName(of screen: String) -> String? { typeNames[screen] }

    /// Whether another screen pushes this one.
    func isPushed(_ screen: String) -> Bool { pushed.contains(screen) }

    /// Whether the screen has push links out (it needs a navigation stack).
    func pushesFrom(_ screen: String) -> Bool {
        (links[screen] ?? [:]).values.contains {
            $0.style != "sheet" && !tabElements.contains(screen + "\u{0}" + $0.fromElement)
        }
    }

    /// The first screen nobody links to (or the first screen).
    func rootScreen(in order: [String]) -> String {
        order.first { !linked.contains($0) } ?? order.first ?? Screen.mainID
    }
}
