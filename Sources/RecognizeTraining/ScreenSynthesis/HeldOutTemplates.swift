import SketchModel

/// The held-out set's templates (``DrawingSource/heldOut``): placements the other templates never
/// use, so that rules tuned on the real set meet rows, cards and controls they were not fitted to.
/// Lists of two rows, single and paired cards, rows with trailing controls at any inset, a search
/// field right under the navigation bar, sliders of any length and place, buttons as flat as
/// drop-downs, and labels close beside each other.
extension ScreenSynthesizer {
    /// The held-out templates, in the order ``make(index:seed:pool:wobble:source:)`` cycles through them.
    public static let heldOutKinds = ["pairs", "cards", "search", "sliders", "labels", "options"]

    static func heldOutTemplate(_ kind: String, _ b: inout ScreenBuilder) -> ([TruthElement], String) {
        switch kind {
        case "pairs": pairs(&b)
        case "cards": cards(&b)
        case "search": search(&b)
        case "sliders": sliders(&b)
        case "labels": labels(&b)
        default: options(&b)
        }
    }

    private static func uniform(_ b: inout ScreenBuilder, _ range: ClosedRange<Double>) -> Double {
        b.pen.rng.uniform(range)
    }

    /// A row of `height` at `y`: a picture (icon or avatar) or nothing, a label, and a trailing
    /// control (toggle, checkbox or chevron icon) `inset` from the right edge, or nothing.
    private static func row(
        _ b: inout ScreenBuilder, _ key: String, y: Double, margin: Double, inset: Double, picture: Int, trailing: Int
    ) -> [TruthElement] {
        var items: [TruthElement] = []
        var x = margin
        let mid = y + 22
        switch picture {
        case 1:
            let r = uniform(&b, 16...22)
            items.append(b.avatar("\(key).avatar", cx: x + r, cy: mid, r: r))
            x += 2 * r + uniform(&b, 12...20)
        case 2:
            let size = uniform(&b, 22...28)
            items.append(
                b.icon(
                    "\(key).icon",
                    ["star", "envelope", "settings", "search"][Int.random(in: 0...3, using: &b.pen.rng)],
                    centre: (x + size / 2, mid), size: size))
            x += size + uniform(&b, 12...20)
        default: break
        }
        items.append(b.label("\(key).label", x: x, y: mid - 5, width: uniform(&b, 80...150)))
        switch trailing {
        case 1: items.append(b.toggle("\(key).toggle", x: b.width - inset - 52, y: mid - 13))
        case 2: items.append(b.checkbox("\(key).check", x: b.width - inset - 24, y: mid - 12))
        default: break
        }
        return items
    }

    /// A list of two rows (or three), with or without lines between, then a button.
    static func pairs(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: b.pen.rng.chance(0.5), trailing: nil)
        var y = nav.frame.maxY + uniform(&b, 24...48)
        let margin = uniform(&b, 16...40)
        let inset = uniform(&b, 16...56)
        let picture = Int.random(in: 1...2, using: &b.pen.rng)
        let trailing = Int.random(in: 0...2, using: &b.pen.rng)
        let separated = b.pen.rng.chance(0.4)
        var items: [TruthElement] = []
        var lines: [TruthElement] = []
        for i in 0..<(b.pen.rng.chance(0.7) ? 2 : 3) {
            if separated && i > 0 {
                lines.append(b.divider("row\(i).line", x: margin, y: y - 8, width: b.width - 2 * margin))
                y += uniform(&b, 8...14)
            }
            items += row(&b, "row\(i)", y: y, margin: margin, inset: inset, picture: picture, trailing: trailing)
            y += 44 + uniform(&b, 14...24)
        }
        let list = b.aggregate("list", .list, items, absorbed: lines)
        y = list.frame.maxY + uniform(&b, 40...80)
        let width = uniform(&b, 140...(b.width - 2 * margin))
        let button = b.button(
            "done", Rect(x: b.width / 2 - width / 2, y: y, width: width, height: uniform(&b, 36...48)))
        return ([nav, list, button], "V(nav,list,done)")
    }

    /// One card alone (it stays a card) or two or three cards: a picture at the left or on top and a label.
    static func cards(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: false, trailing: "search")
        var y = nav.frame.maxY + uniform(&b, 16...32)
        let margin = uniform(&b, 12...28)
        let count = Int.random(in: 1...3, using: &b.pen.rng)
        let pictureOnTop = b.pen.rng.chance(0.5)
        let height = pictureOnTop ? uniform(&b, 150...190) : uniform(&b, 84...110)
        var cards: [TruthElement] = []
        for i in 0..<count {
            let r = Rect(x: margin, y: y, width: b.width - 2 * margin, height: height)
            cards.append(
                b.box("card\(i)", .container, r) { b in
                    if pictureOnTop {
                        let image = b.image(
                            "card\(i).image",
                            Rect(x: r.minX + 12, y: r.minY + 12, width: r.width - 24, height: r.height - 60))
                        return [
                            image,
                            b.label("card\(i).label", x: r.minX + 14, y: r.maxY - 32, width: uniform(&b, 100...180)),
                        ]
                    }
                    let side = r.height - 24
                    let image = b.image(
                        "card\(i).image", Rect(x: r.minX + 12, y: r.minY + 12, width: side, height: side))
                    return [
                        image,
                        b.label("card\(i).label", x: r.minX + side + 28, y: r.midY - 5, width: uniform(&b, 90...150)),
                    ]
                })
            y += height + uniform(&b, 14...24)
        }
        if count == 1 { return ([nav, cards[0]], "V(nav,card0)") }
        return ([nav, b.aggregate("list", .list, cards)], "V(nav,list)")
    }

    /// A search field right under the navigation bar, or at the top of a screen without one, then
    /// rows of a label and a trailing control.
    static func search(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav =
            b.pen.rng.chance(0.6)
            ? navigationBar(&b, back: b.pen.rng.chance(0.5), trailing: b.pen.rng.chance(0.5) ? "plus" : nil) : nil
        let margin = uniform(&b, 12...32)
        let top = nav.map { $0.frame.maxY + uniform(&b, 6...18) } ?? uniform(&b, 24...52)
        let field = b.textField(
            "search", Rect(x: margin, y: top, width: b.width - 2 * margin, height: uniform(&b, 34...44)),
            placeholder: b.pen.rng.chance(0.7))
        var y = field.frame.maxY + uniform(&b, 24...40)
        let inset = uniform(&b, 12...60)
        let trailing = Int.random(in: 1...2, using: &b.pen.rng)
        var items: [TruthElement] = []
        for i in 0..<Int.random(in: 2...4, using: &b.pen.rng) {
            items += row(&b, "row\(i)", y: y, margin: margin, inset: inset, picture: 0, trailing: trailing)
            y += 44 + uniform(&b, 10...22)
        }
        let list = b.aggregate("list", .list, items)
        guard let nav else { return ([field, list], "V(search,list)") }
        return ([nav, field, list], "V(nav,search,list)")
    }

    /// Sliders of any length, leading or centred, each under its label.
    static func sliders(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let margin = uniform(&b, 20...40)
        var y = uniform(&b, 80...140)
        var roots = [b.label("title", x: margin, y: y, width: uniform(&b, 100...160))]
        var keys = ["title"]
        y += uniform(&b, 48...64)
        for i in 0..<Int.random(in: 2...3, using: &b.pen.rng) {
            roots.append(b.label("caption\(i)", x: margin, y: y, width: uniform(&b, 60...120)))
            y += uniform(&b, 32...44)
            let width = uniform(&b, 120...(b.width - 2 * margin))
            let x = b.pen.rng.chance(0.5) ? margin : b.width / 2 - width / 2
            roots.append(b.slider("slider\(i)", x: x, y: y, width: width))
            y += uniform(&b, 48...72)
            keys += ["caption\(i)", "slider\(i)"]
        }
        return (roots, "V(\(keys.joined(separator: ",")))")
    }

    /// A title, a paragraph, two labels side by side, a flat button and a centred footnote.
    static func labels(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let margin = uniform(&b, 16...36)
        var y = uniform(&b, 70...120)
        let title = b.label("title", x: margin, y: y, width: uniform(&b, 110...180))
        y += uniform(&b, 44...60)
        let body = b.label(
            "body", x: margin, y: y, width: b.width - 2 * margin - uniform(&b, 0...40),
            lines: Int.random(in: 2...3, using: &b.pen.rng))
        y = body.frame.maxY + uniform(&b, 36...52)
        let keyWidth = uniform(&b, 60...110)
        let key = b.label("key", x: margin, y: y, width: keyWidth)
        let valueWidth = uniform(&b, 60...110)
        let value = b.label(
            "value",
            x: b.pen.rng.chance(0.5) ? margin + keyWidth + uniform(&b, 18...32) : b.width - margin - valueWidth, y: y,
            width: valueWidth)
        y += uniform(&b, 56...72)
        let width = uniform(&b, 180...(b.width - 2 * margin))
        let button = b.button("send", Rect(x: margin, y: y, width: width, height: uniform(&b, 34...42)))
        y = button.frame.maxY + uniform(&b, 32...48)
        let w = uniform(&b, 90...150)
        let note = b.label("note", x: b.width / 2 - w / 2, y: y, width: w)
        return ([title, body, key, value, button, note], "V(title,body,H(key,value),send,note)")
    }

    /// Checkbox options (box then label) under a title, and two buttons side by side.
    static func options(_ b: inout ScreenBuilder) -> ([TruthElement], String) {
        let nav = navigationBar(&b, back: true, trailing: nil)
        let margin = uniform(&b, 16...40)
        var y = nav.frame.maxY + uniform(&b, 28...44)
        let title = b.label("title", x: margin, y: y, width: uniform(&b, 120...180))
        y += uniform(&b, 44...56)
        var items: [TruthElement] = []
        for i in 0..<Int.random(in: 2...4, using: &b.pen.rng) {
            items.append(b.checkbox("option\(i).box", x: margin, y: y))
            items.append(
                b.label("option\(i).label", x: margin + uniform(&b, 34...44), y: y + 7, width: uniform(&b, 100...180)))
            y += 24 + uniform(&b, 20...30)
        }
        let list = b.aggregate("list", .list, items)
        y += uniform(&b, 40...60)
        let gap = uniform(&b, 12...24)
        let width = (b.width - 2 * margin - gap) / 2
        let height = uniform(&b, 40...48)
        let cancel = b.button("cancel", Rect(x: margin, y: y, width: width, height: height))
        let ok = b.button("ok", Rect(x: margin + width + gap, y: y, width: width, height: height))
        return ([nav, title, list, cancel, ok], "V(nav,title,list,H(cancel,ok))")
    }
}
