import SketchModel
import StrokeLog

/// Recognition results for the four representative screens, built by hand (the recognizer is
/// another module's job): a login form, a settings list with toggles, a feed with navigation and
/// tab bars, and a two-screen flow with a push link and a sheet.
enum Fixtures {
    static let all: [(name: String, recognition: SessionRecognition)] = [
        ("login", login), ("settings", settings), ("feed", feed), ("flow", twoScreenFlow),
    ]

    /// The representative screens plus one that exercises every other emitter path (cards, rich
    /// list rows, overlays, links from lists and pictures), for the syntax and type checks.
    static let everyPath: [(name: String, recognition: SessionRecognition)] = all + [("coverage", coverage)]

    static func element(
        _ id: String, _ type: ElementType, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
        text: String? = nil, children: [Element] = [], symbol: String? = nil, role: String? = nil,
        color: String? = nil, isOn: Bool? = nil, segments: Int? = nil
    ) -> Element {
        Element(
            id: id, type: type, frame: Rect(x: x, y: y, width: w, height: h), confidence: 0.9,
            strokeIds: ["s-\(id)"], text: text, children: children, symbol: symbol, role: role,
            color: color, isOn: isOn, segments: segments)
    }

    static func vstack(
        _ ids: [String], spacing: Double = 16, alignment: String = "leading", padding: Double = 24,
        trailingSpacer: Bool = true
    ) -> LayoutNode {
        var children: [LayoutNode] = ids.map { .element(id: $0) }
        if trailingSpacer { children.append(.spacer(minLength: 0)) }
        return .vstack(
            .init(
                spacing: spacing, alignment: alignment,
                padding: .init(top: padding, leading: padding, bottom: padding, trailing: padding), children: children))
    }

    static func screen(_ screen: Screen, _ elements: [Element], layout: LayoutNode, readingOrder: [String]? = nil)
        -> ScreenRecognition
    {
        let ids = readingOrder ?? layout.elementIDs
        let detections = elements.flatMap(\.flattened).map {
            Detection(
                strokeIds: $0.strokeIds, frame: $0.frame, label: $0.type.rawValue, confidence: $0.confidence, kept: true
            )
        }
        return ScreenRecognition(
            screen: screen, elements: elements, layout: layout, readingOrder: ids, detections: detections)
    }

    // MARK: Login form

    static var loginElements: [Element] {
        [
            element("e1", .label, 40, 120, 310, 40, text: "Welcome back"),
            element("e2", .textField, 40, 200, 310, 44, text: "Email"),
            element("e3", .textField, 40, 260, 310, 44, text: "Password"),
            element("e4", .checkbox, 40, 320, 150, 24, text: "Remember me", isOn: true),
            element("e5", .button, 40, 380, 310, 48, text: "Log In", color: "#1f6feb"),
            element("e6", .label, 120, 450, 150, 20, text: "Forgot password?"),
        ]
    }

    static var login: SessionRecognition {
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Login"), loginElements, layout: vstack(["e1", "e2", "e3", "e4", "e5", "e6"]))
        return SessionRecognition(seq: 42, screens: [screen], links: [], theme: .standard, title: "Login")
    }

    // MARK: Settings list with toggles

    static var settings: SessionRecognition {
        func row(_ id: String, _ y: Double, _ title: String, on: Bool) -> Element {
            element(
                id, .container, 0, y, 390, 52,
                children: [
                    element(id + "t", .label, 20, y + 16, 200, 20, text: title),
                    element(id + "s", .toggle, 310, y + 12, 60, 28, isOn: on),
                ], role: "row")
        }
        let elements = [
            element(
                "n1", .navigationBar, 0, 0, 390, 96,
                children: [
                    element("n1t", .label, 140, 50, 110, 30, text: "Settings", role: "title")
                ]),
            element(
                "l1", .list, 0, 110, 390, 160,
                children: [
                    row("r1", 110, "Wi-Fi", on: true), row("r2", 162, "Bluetooth", on: false),
                    row("r3", 214, "Airplane Mode", on: false),
                ]),
            element("b1", .label, 20, 300, 200, 20, text: "Brightness"),
            element("b2", .slider, 20, 330, 350, 30, color: "#e5484d"),
            element(
                "p1", .segmentedControl, 20, 380, 350, 36, text: "Appearance",
                children: [
                    element("p1a", .label, 40, 388, 80, 20, text: "Light"),
                    element("p1b", .label, 160, 388, 80, 20, text: "Dark"),
                    element("p1c", .label, 280, 388, 80, 20, text: "Auto"),
                ], segments: 3),
            element("p2", .picker, 20, 440, 350, 40, text: "Language"),
        ]
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 0, leading: 20, bottom: 16, trailing: 20),
                children: [
                    .element(id: "l1"), .element(id: "b1"), .element(id: "b2"), .element(id: "p1"), .element(id: "p2"),
                    .spacer(minLength: 0),
                ]))
        let screen = Fixtures.screen(Screen(id: "main", name: "Settings"), elements, layout: layout)
        var theme = Theme.standard
        theme.accent = "#30a46c"
        theme.cornerRadius = 14
        return SessionRecognition(seq: 77, screens: [screen], links: [], theme: theme, title: "Settings")
    }

    // MARK: Feed with navigation and tab bars

    static var feed: SessionRecognition {
        let elements = [
            element(
                "n1", .navigationBar, 0, 0, 390, 96,
                children: [
                    element("n1a", .icon, 16, 50, 28, 28, symbol: "line.3.horizontal", role: "leading"),
                    element("n1b", .label, 160, 50, 70, 30, text: "Feed", role: "title"),
                    element("n1c", .icon, 346, 50, 28, 28, symbol: "plus", role: "trailing"),
                ]),
            element("a1", .avatar, 20, 112, 48, 48),
            element("a2", .label, 80, 124, 200, 24, text: "Ada Lovelace"),
            element("i1", .image, 20, 176, 350, 220),
            element("t1", .label, 20, 410, 350, 20),
            element("c1", .icon, 20, 446, 28, 28, symbol: "star", color: "#e5484d"),
            element("c2", .icon, 64, 446, 28, 28, symbol: "square.and.arrow.up"),
            element("g1", .pageControl, 165, 490, 60, 10, segments: 4),
            element("d1", .divider, 20, 520, 350, 2),
            element(
                "tb", .tabBar, 0, 760, 390, 84,
                children: [
                    element("tb1", .icon, 40, 780, 30, 30, symbol: "house"),
                    element("tb2", .icon, 180, 780, 30, 30, symbol: "magnifyingglass"),
                    element("tb3", .icon, 320, 780, 30, 30, symbol: "person"),
                ], segments: 3),
        ]
        let header = LayoutNode.hstack(
            .init(
                spacing: 12, alignment: "center",
                children: [.element(id: "a1"), .element(id: "a2"), .spacer(minLength: 0)]))
        let actions = LayoutNode.hstack(
            .init(spacing: 16, alignment: "center", children: [.element(id: "c1"), .element(id: "c2")]))
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 16, leading: 20, bottom: 16, trailing: 20),
                children: [
                    header, .element(id: "i1"), .element(id: "t1"), actions, .element(id: "g1"), .element(id: "d1"),
                    .spacer(minLength: 0),
                ]))
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Feed", width: 390, height: 1200), elements, layout: layout)
        return SessionRecognition(seq: 120, screens: [screen], links: [], theme: .standard, title: "Daily Feed")
    }

    // MARK: Two screens linked by navigation

    static var twoScreenFlow: SessionRecognition {
        let home = Fixtures.screen(
            Screen(id: "main", name: "Home"),
            [
                element("h1", .label, 40, 120, 310, 36, text: "Hello!"),
                element("h2", .label, 40, 170, 310, 20),
                element("h3", .button, 40, 220, 310, 48, text: "Open Profile"),
                element("h4", .icon, 330, 60, 28, 28, symbol: "gearshape"),
            ], layout: vstack(["h4", "h1", "h2", "h3"]), readingOrder: ["h1", "h2", "h3", "h4"])
        let profile = Fixtures.screen(
            Screen(id: "profile", name: "Profile Details"),
            [
                element(
                    "q1", .navigationBar, 0, 0, 390, 96,
                    children: [
                        element("q1a", .icon, 16, 50, 28, 28, symbol: "chevron.left", role: "leading"),
                        element("q1b", .label, 150, 50, 90, 30, text: "Profile", role: "title"),
                        element("q1c", .button, 320, 50, 54, 30, text: "Done", role: "trailing"),
                    ]),
                element("q2", .avatar, 155, 120, 80, 80),
                element("q3", .textField, 20, 220, 350, 44, text: "Display name"),
                element("q4", .toggle, 20, 280, 350, 30, text: "Public profile", isOn: true),
            ], layout: vstack(["q2", "q3", "q4"], alignment: "center", padding: 20))
        let settings = Fixtures.screen(
            Screen(id: "prefs", name: "Preferences"),
            [
                element("z1", .label, 20, 40, 300, 36, text: "Preferences"),
                element("z2", .toggle, 20, 100, 350, 30, text: "Dark mode"),
            ], layout: vstack(["z1", "z2"]))
        let links = [
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "h3", toScreen: "profile", style: "push", strokeId: "s-link1"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "h4", toScreen: "prefs", style: "sheet", strokeId: "s-link2"),
        ]
        return SessionRecognition(
            seq: 200, screens: [home, profile, settings], links: links, theme: .standard, title: "Profile Flow")
    }

    // MARK: Every remaining emitter path

    static var coverage: SessionRecognition {
        func row(_ id: String, _ y: Double, _ name: String) -> Element {
            element(
                id, .container, 0, y, 390, 60,
                children: [
                    element(id + "a", .avatar, 16, y + 10, 40, 40),
                    element(id + "t", .label, 70, y + 8, 200, 20, text: name),
                    element(id + "d", .label, 70, y + 32, 200, 14),
                    element(id + "i", .icon, 340, y + 18, 24, 24, symbol: "chevron.right"),
                ], role: "row")
        }
        let card = element(
            "k1", .container, 20, 40, 350, 140,
            children: [
                element("k1a", .label, 36, 56, 200, 30, text: "Card title"),
                element("k1b", .checkbox, 36, 100, 24, 24),
                element(
                    "k1c", .button, 250, 100, 100, 40,
                    children: [
                        element("k1d", .icon, 260, 108, 24, 24, symbol: "plus"),
                        element("k1e", .label, 290, 110, 50, 20, text: "Add"),
                    ]),
                element("k1f", .label, 36, 150, 120, 10),
            ])
        let elements = [
            card,
            element("x1", .image, 20, 200, 160, 100),
            element("x2", .label, 40, 240, 100, 20, text: "On top"),
            element("x3", .icon, 200, 200, 28, 28, symbol: "star", color: "#f59f00"),
            element("x4", .button, 240, 200, 40, 40),
            element("x5", .toggle, 290, 200, 60, 30, color: "#30a46c"),
            element("x6", .picker, 20, 320, 200, 40, color: "#8e4ec6"),
            element(
                "x7", .list, 0, 380, 390, 180,
                children: [row("w1", 380, "Grace"), row("w2", 440, "Alan"), row("w3", 500, "Edsger")]),
            element(
                "x8", .list, 0, 580, 390, 120,
                children: [
                    element("v1", .label, 20, 590, 200, 20, text: "Inbox"),
                    element("v2", .label, 20, 630, 200, 20, text: "Sent"),
                ]),
            element("x9", .pageControl, 160, 720, 70, 10),
            element("y1", .slider, 20, 750, 350, 30),
            element("y2", .textField, 20, 790, 350, 40),
        ]
        let layout = LayoutNode.vstack(
            .init(
                spacing: 12, alignment: "trailing", padding: .init(top: 8, leading: 12, bottom: 16, trailing: 4),
                children: [
                    .element(id: "k1"),
                    .hstack(
                        .init(
                            spacing: 8, alignment: "top",
                            children: [
                                .zstack(
                                    .init(
                                        spacing: 0, alignment: "center",
                                        children: [.element(id: "x1"), .element(id: "x2")])),
                                .spacer(minLength: 12), .element(id: "x3"), .element(id: "x4"), .element(id: "x5"),
                            ])),
                    .element(id: "x6"), .element(id: "x7"), .element(id: "x8"), .element(id: "x9"), .element(id: "y1"),
                    .element(id: "y2"),
                    .element(id: "missing"),
                ]))
        let main = Fixtures.screen(Screen(id: "main", name: "Kitchen Sink"), elements, layout: layout)
        let detail = Fixtures.screen(
            Screen(id: "detail", name: "View"), [element("dd", .label, 20, 40, 200, 20, text: "Detail")],
            layout: .element(id: "dd"))
        let links = [
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x7", toScreen: "detail", style: "push", strokeId: "l1"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x8", toScreen: "detail", style: "sheet", strokeId: "l2"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x1", toScreen: "detail", style: "sheet", strokeId: "l3"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x3", toScreen: "detail", style: "push", strokeId: "l4"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x9", toScreen: "detail", style: "push", strokeId: "l5"),
            NavigationLinkSpec(
                fromScreen: "main", fromElement: "x4", toScreen: "nowhere", style: "push", strokeId: "l6"),
        ]
        var theme = Theme.standard
        theme.typeScale = 1.25
        theme.background = "#f6f8fa"
        return SessionRecognition(seq: 9, screens: [main, detail], links: links, theme: theme, title: nil)
    }
}
