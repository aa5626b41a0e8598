import SessionModel
import SketchModel

/// Whole-screen generator in the NOTATION vocabulary: login forms, settings lists with toggles,
/// feeds with bars, forms with pickers, sliders and segmented controls, detail cards. Seeded and
/// reproducible; sizes, positions and the hand's wobble vary with the seed.
public enum ScreenSynthesizer {
    /// The template names, in the order ``make(index:seed:pool:wobble:source:)`` cycles through them.
    public static let kinds = ["login", "settings", "feed", "form", "detail", "contacts", "player"]

    /// The templates of a drawing source: the real set adds an article (paragraph, centred picture,
    /// trailing text, centred button) and a list of people with or without separator lines; the
    /// held-out set has templates of its own (``heldOutKinds``).
    public static func kinds(for source: DrawingSource) -> [String] {
        switch source {
        case .synthetic: kinds
        case .real: kinds + ["article", "people"]
        case .heldOut: heldOutKinds
        }
    }

    /// Screen number `index` of a run seeded with `seed`; `wobble` is the hand's jitter in points.
    /// With `source` `.real`, `pool` should hold the validation fold (``DrawingSource/keeps(_:split:)``).
    public static func make(
        index: Int, seed: UInt64, pool: DoodlePool = DoodlePool(), wobble: Double = 1.2,
        source: DrawingSource = .synthetic
    ) -> SyntheticScreen {
        let kinds = kinds(for: source)
        let kind = kinds[index % kinds.count]
        var b = ScreenBuilder(screen: .main, seed: seed &* 1_000_003 &+ UInt64(index), pool: pool, source: source)
        b.pen.timed = b.pen.rng.chance(0.8)
        b.pen.wobble = wobble
        let (truth, layout): ([TruthElement], String)
        switch kind {
        case _ where source == .heldOut: (truth, layout) = heldOutTemplate(kind, &b)
        case "login": (truth, layout) = login(&b)
        case "settings": (truth, layout) = settings(&b)
        case "feed": (truth, layout) = feed(&b)
        case "form": (truth, layout) = form(&b)
        case "detail": (truth, layout) = detail(&b)
        case "contacts": (truth, layout) = contacts(&b)
        case "article": (truth, layout) = article(&b)
        case "people": (truth, layout) = people(&b)
        default: (truth, layout) = player(&b)
        }
        let canvas = Rect(x: 0, y: 0, width: b.screen.width, height: b.screen.height)
        return SyntheticScreen(
            kind: kind, source: source, screen: b.screen, strokes: b.strokes,
            truth: truth.map { $0.placed(in: canvas) },
            intendedLayout: layout, strokeTags: b.strokeTags, wholeTags: b.wholeTags)
    }

    private static func jitter(_ b: inout ScreenBuilder, _ range: ClosedRange<Double>) -> Double {
        b.pen.rng.uniform(range)
    }

    static func login(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        var y = jitter(&b, 110...160)
        var roots: [TruthElement] = []
        var keys: [String] = []
        if b.pen.rng.chance(0.5) {
            let size = jitter(&b, 90...120)
            roots.append(b.image("logo", Rect(x: b.width / 2 - size / 2, y: y, width: size, height: size)))
            keys.append("logo")
            y += size + jitter(&b, 28...40)
        }
        let titleWidth = jitter(&b, 100...160)
        roots.append(b.label("title", x: b.width / 2 - titleWidth / 2, y: y, width: titleWidth))
        keys.append("title")
        y += jitter(&b, 40...56)
        let margin = jitter(&b, 24...40)
        b.color = b.pen.rng.chance(0.3) ? "#1f6feb" : Stroke.defaultColor
        for key in ["email", "password"] {
            let h = jitter(&b, 42...50)
            roots.append(
                b.textField(
                    key, Rect(x: margin, y: y, width: b.width - 2 * margin, height: h),
                    placeholder: b.pen.rng.chance(0.6)))
            keys.append(key)
            y += h + jitter(&b, 18...28)
        }
        y += jitter(&b, 8...20)
        let h = jitter(&b, 44...52)
        roots.append(b.button("signIn", Rect(x: margin, y: y, width: b.width - 2 * margin, height: h)))
        keys.append("signIn")
        b.color = Stroke.defaultColor
        y += h + jitter(&b, 24...40)
        let w = jitter(&b, 90...140)
        roots.append(b.label("forgot", x: b.width / 2 - w / 2, y: y, width: w))
        keys.append("forgot")
        return (roots, "V(\(keys.joined(separator: ",")))")
    }

    static func navigationBar(_ b: inout ScreenBuilder, back: Bool, trailing: String?) -> TruthElement {
        let r = Rect(
            x: jitter(&b, 2...8), y: jitter(&b, 30...48), width: b.width - jitter(&b, 10...16),
            height: jitter(&b, 50...60))
        return b.box("nav", .navigationBar, r) { b in
            var items: [TruthElement] = []
            if back { items.append(b.icon("nav.back", "back", centre: (r.minX + 28, r.midY), size: 22)) }
            let w = jitter(&b, 80...120)
            items.append(b.label("nav.title", x: r.midX - w / 2, y: r.midY - 5, width: w))
            if let trailing { items.append(b.icon("nav.trailing", trailing, centre: (r.maxX - 30, r.midY), size: 24)) }
            return items
        }
    }

    static func tabBar(_ b: inout ScreenBuilder, icons: [String]) -> TruthElement {
        let r = Rect(
            x: jitter(&b, 2...8), y: jitter(&b, 770...784), width: b.width - jitter(&b, 10...16),
            height: jitter(&b, 50...58))
        return b.box("tab", .tabBar, r) { b in
            icons.enumerated().map { i, name in
                b.icon(
                    "tab.\(i)", name, centre: (r.minX + r.width * (Double(i) + 0.5) / Double(icons.count), r.midY),
                    size: 26)
            }
        }
    }

    static func settings(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: true, trailing: nil)
        var y = nav.frame.maxY + jitter(&b, 24...40)
        let rows = Int.random(in: 4...6, using: &b.pen.rng)
        let separated = b.pen.rng.chance(0.5)
        var items: [TruthElement] = []
        var lines: [TruthElement] = []
        let margin = jitter(&b, 20...28)
        for i in 0..<rows {
            let text = b.label("row\(i).label", x: margin, y: y + 10, width: jitter(&b, 90...170))
            let toggle = b.toggle("row\(i).toggle", x: b.width - margin - 56, y: y)
            items += [text, toggle]
            y += 30 + jitter(&b, 16...22)
            if separated && i < rows - 1 {
                lines.append(b.divider("row\(i).line", x: margin, y: y, width: b.width - 2 * margin))
                y += jitter(&b, 14...20)
            }
        }
        let list = b.aggregate("list", .list, items, absorbed: lines)
        return ([nav, list], "V(nav,list)")
    }

    static func feed(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: false, trailing: b.pen.rng.chance(0.5) ? "plus" : "search")
        var y = nav.frame.maxY + jitter(&b, 16...24)
        var cards: [TruthElement] = []
        let height = jitter(&b, 170...190)
        for i in 0..<3 {
            let r = Rect(x: 16, y: y, width: b.width - 32, height: height)
            cards.append(
                b.box("card\(i)", .container, r) { b in
                    let image = b.image(
                        "card\(i).image",
                        Rect(x: r.minX + 12, y: r.minY + 12, width: r.width - 24, height: r.height - 60))
                    let text = b.label("card\(i).label", x: r.minX + 14, y: r.maxY - 32, width: jitter(&b, 120...200))
                    return [image, text]
                })
            y += height + jitter(&b, 12...18)
        }
        let tab = tabBar(
            &b,
            icons: Array(["star", "search", "settings", "envelope"].prefix(Int.random(in: 3...4, using: &b.pen.rng))))
        return ([nav, b.aggregate("list", .list, cards), tab], "V(nav,list,tab)")
    }

    static func form(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let margin = jitter(&b, 20...32)
        let w = b.width - 2 * margin
        var y = jitter(&b, 80...110)
        var roots: [TruthElement] = []
        roots.append(b.label("title", x: margin, y: y, width: jitter(&b, 120...180)))
        y += jitter(&b, 40...52)
        roots.append(b.textField("name", Rect(x: margin, y: y, width: w, height: 44), placeholder: true))
        y += 44 + jitter(&b, 24...32)
        roots.append(b.picker("country", Rect(x: margin, y: y, width: w, height: 44)))
        y += 44 + jitter(&b, 32...40)
        roots.append(b.slider("volume", x: margin + 4, y: y, width: w - 8))
        y += jitter(&b, 36...48)
        roots.append(
            b.segmented(
                "mode", Rect(x: margin, y: y, width: w, height: 36), segments: Int.random(in: 2...3, using: &b.pen.rng))
        )
        y += 36 + jitter(&b, 28...36)
        let box = b.checkbox("agree", x: margin, y: y)
        let text = b.label("agree.label", x: margin + 40, y: y + 7, width: jitter(&b, 140...200))
        roots += [box, text]
        y += 24 + jitter(&b, 36...48)
        b.color = b.pen.rng.chance(0.5) ? "#d1242f" : Stroke.defaultColor
        roots.append(b.button("submit", Rect(x: margin, y: y, width: w, height: 48)))
        b.color = Stroke.defaultColor
        return (roots, "V(title,name,country,volume,mode,H(agree,agree.label),submit)")
    }

    static func detail(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: true, trailing: "share")
        var y = nav.frame.maxY + jitter(&b, 20...28)
        let margin = jitter(&b, 16...28)
        let imageHeight = jitter(&b, 180...230)
        let image = b.image("hero", Rect(x: margin, y: y, width: b.width - 2 * margin, height: imageHeight))
        y += imageHeight + jitter(&b, 16...22)
        let dots = b.pageControl("pages", centreX: b.width / 2, y: y, count: Int.random(in: 3...5, using: &b.pen.rng))
        y += jitter(&b, 28...36)
        let text = b.label(
            "body", x: margin, y: y, width: b.width - 2 * margin - 20, lines: Int.random(in: 2...3, using: &b.pen.rng))
        y = text.frame.maxY + jitter(&b, 30...40)
        let avatar = b.avatar("author", cx: margin + 24, cy: y + 24, r: 24)
        let name = b.label("author.name", x: margin + 64, y: y + 19, width: jitter(&b, 90...140))
        y += 48 + jitter(&b, 32...44)
        let button = b.button("action", Rect(x: margin, y: y, width: b.width - 2 * margin, height: 48))
        return ([nav, image, dots, text, avatar, name, button], "V(nav,hero,pages,body,H(author,author.name),action)")
    }

    static func contacts(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: false, trailing: "plus")
        let margin = jitter(&b, 16...28)
        let fieldHeight = jitter(&b, 36...44)
        let search = b.textField(
            "search",
            Rect(x: margin, y: nav.frame.maxY + jitter(&b, 16...24), width: b.width - 2 * margin, height: fieldHeight),
            placeholder: true)
        var y = search.frame.maxY + jitter(&b, 24...32)
        var items: [TruthElement] = []
        for i in 0..<Int.random(in: 3...5, using: &b.pen.rng) {
            let r = jitter(&b, 20...24)
            items.append(b.avatar("row\(i).avatar", cx: margin + r, cy: y + r, r: r))
            items.append(b.label("row\(i).name", x: margin + 2 * r + 16, y: y + r - 5, width: jitter(&b, 100...180)))
            y += 2 * r + jitter(&b, 20...28)
        }
        let tab = tabBar(&b, icons: ["envelope", "star", "settings"])
        return ([nav, search, b.aggregate("list", .list, items), tab], "V(nav,search,list,tab)")
    }

    static func player(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: true, trailing: nil)
        let margin = jitter(&b, 24...40)
        var y = nav.frame.maxY + jitter(&b, 28...40)
        let side = b.width - 2 * margin
        let cover = b.image("cover", Rect(x: margin, y: y, width: side, height: side * jitter(&b, 0.7...0.9)))
        y = cover.frame.maxY + jitter(&b, 24...32)
        let titleWidth = jitter(&b, 140...200)
        let title = b.label("title", x: b.width / 2 - titleWidth / 2, y: y, width: titleWidth)
        y += jitter(&b, 36...44)
        let progress = b.slider("progress", x: margin, y: y, width: side)
        y += jitter(&b, 36...48)
        let play = b.icon("play", "play", centre: (b.width / 2, y + 16), size: 32)
        return ([nav, cover, title, progress, play], "V(nav,cover,title,progress,play)")
    }

    /// A navigation bar, a centred picture, a paragraph, a trailing line of text and a centred
    /// button of fixed width.
    static func article(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: true, trailing: nil)
        let margin = jitter(&b, 16...48)
        var y = nav.frame.maxY + jitter(&b, 24...36)
        let side = jitter(&b, 120...200)
        let picture = b.image(
            "picture", Rect(x: b.width / 2 - side / 2, y: y, width: side, height: side * jitter(&b, 0.6...0.9)))
        y = picture.frame.maxY + jitter(&b, 28...40)
        let body = b.label(
            "body", x: margin, y: y, width: b.width - 2 * margin - jitter(&b, 0...30),
            lines: Int.random(in: 2...4, using: &b.pen.rng))
        y = body.frame.maxY + jitter(&b, 40...52)
        let w = jitter(&b, 70...120)
        let date = b.label("date", x: b.width - margin - w, y: y, width: w)
        y = date.frame.maxY + jitter(&b, 36...48)
        let buttonWidth = jitter(&b, 160...240)
        let read = b.button(
            "read", Rect(x: b.width / 2 - buttonWidth / 2, y: y, width: buttonWidth, height: jitter(&b, 44...52)))
        return ([nav, picture, body, date, read], "V(nav,picture,body,date,read)")
    }

    /// A list of 3 to 6 people (avatar and name), separated by full-width lines on half the screens.
    static func people(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: false, trailing: "search")
        let margin = jitter(&b, 16...48)
        var y = nav.frame.maxY + jitter(&b, 24...36)
        let separated = b.pen.rng.chance(0.5)
        let radius = jitter(&b, 18...24)
        var items: [TruthElement] = []
        var lines: [TruthElement] = []
        for i in 0..<Int.random(in: 3...6, using: &b.pen.rng) {
            if separated && i > 0 {
                let inset = jitter(&b, 4...12)
                lines.append(b.divider("row\(i).line", x: inset, y: y, width: b.width - 2 * inset))
                y += jitter(&b, 12...18)
            }
            items.append(b.avatar("row\(i).avatar", cx: margin + radius, cy: y + radius, r: radius))
            items.append(
                b.label("row\(i).name", x: margin + 2 * radius + 16, y: y + radius - 5, width: jitter(&b, 110...200)))
            y += 2 * radius + jitter(&b, 14...22)
        }
        return ([nav, b.aggregate("list", .list, items, absorbed: lines)], "V(nav,list)")
    }
}
