import Foundation
import SessionModel
import SketchModel

/// Draws NOTATION elements onto one synthetic screen and records what each one is.
struct ScreenBuilder {
    var pen: ScreenSketcher
    let pool: DoodlePool
    let screen: Screen
    /// What the elements are drawn with.
    let source: DrawingSource
    private(set) var strokes: [Stroke] = []
    /// What each stroke was drawn as (see ``OracleClassifier``).
    private(set) var strokeTags: [String: String] = [:]
    /// What whole stroke groups were drawn as (an image's box and cross, a switch), keyed by sorted ids.
    private(set) var wholeTags: [String: String] = [:]
    /// Colour of the strokes drawn next.
    var color = Stroke.defaultColor
    /// The strokes of the last committed drawing.
    private var lastIDs: [String] = []

    init(screen: Screen, seed: UInt64, pool: DoodlePool, source: DrawingSource = .synthetic) {
        self.screen = screen
        self.pool = pool
        self.source = source
        pen = ScreenSketcher(seed: seed)
    }

    var width: Double { screen.width }

    /// Whether every element is a real drawing.
    var isReal: Bool { source.drawsRealDrawings }

    /// A drawing of `label` from the pool, chosen with the pen's generator.
    private mutating func pick(_ label: String) -> [[(Double, Double)]]? {
        var rng = pen.rng
        let drawing = pool.pick(label, rng: &rng)
        pen.rng = rng
        return drawing
    }

    /// In the real set, a drawing of `label` from the pool; nil in the synthetic set (which then
    /// draws with the pen and leaves its random sequence untouched).
    private mutating func real(_ label: String) -> [[(Double, Double)]]? { isReal ? pick(label) : nil }

    /// A box: in the real set a DoodleUINet `square` stretched into `r`, else the pen's rectangle.
    private mutating func drawBox(_ r: Rect, rounded: Bool) {
        if let square = real("square") {
            pen.drawing(square, in: r, tag: "rectangle", stretched: true)
        } else {
            pen.rectangle(r, rounded: rounded)
        }
    }

    /// The height of a line of text `width` long drawn at 4:1 to 15:1 (no taller than 22 pt, no
    /// lower than 4 pt).
    private mutating func realTextHeight(width: Double) -> Double {
        let aspect = pen.rng.uniform(max(4, min(15, width / 22))...15)
        return max(4, width / aspect)
    }

    /// Moves the strokes drawn so far into the screen and returns their ids and box.
    private mutating func commit() -> (ids: [String], frame: Rect) {
        let (drawn, tags) = pen.take()
        var ids: [String] = []
        for (points, tag) in zip(drawn, tags) {
            let id = "s\(strokes.count + 1)"
            strokes.append(Stroke(id: id, points: points, color: color, screen: screen.id))
            strokeTags[id] = tag
            ids.append(id)
        }
        lastIDs = ids
        let frames = drawn.flatMap { $0 }.map { Rect(x: $0.x, y: $0.y, width: 0, height: 0) }
        return (ids, Rect.union(frames) ?? .init(x: 0, y: 0, width: 0, height: 0))
    }

    private mutating func element(
        _ key: String, _ type: ElementType, whole: String? = nil, children: [TruthElement] = [],
        draw: (inout ScreenSketcher) -> Void
    ) -> TruthElement {
        pen.nextElement()
        draw(&pen)
        let own = commit().frame
        if let whole { wholeTags[lastIDs.sorted().joined(separator: ",")] = whole }
        let frame = children.map(\.frame).reduce(own) { $0.width == 0 && $0.height == 0 ? $1 : $0.union($1) }
        return TruthElement(key: key, type: type, frame: frame, children: children)
    }

    // MARK: Leaves

    mutating func label(_ key: String, x: Double, y: Double, width: Double, lines: Int = 1) -> TruthElement {
        if isReal { return realLabel(key, x: x, y: y, width: width, lines: lines) }
        return element(key, .label) { pen in
            for line in 0..<lines {
                let w = line == lines - 1 && lines > 1 ? width * pen.rng.uniform(0.5...0.85) : width
                pen.squiggle(Rect(x: x, y: y + Double(line) * 20, width: w, height: pen.rng.uniform(8...12)))
            }
        }
    }

    /// Lines of real squiggles stretched to 4:1 to 15:1, stacked a little apart: one paragraph.
    /// `y` is where a 10-point line would start, so real and pen text share one baseline plan.
    private mutating func realLabel(_ key: String, x: Double, y: Double, width: Double, lines: Int) -> TruthElement {
        var drawings: [(strokes: [[(Double, Double)]], rect: Rect)] = []
        var top = y
        for line in 0..<lines {
            let w = line == lines - 1 && lines > 1 ? width * pen.rng.uniform(0.5...0.85) : width
            let h = realTextHeight(width: w)
            if line == 0 { top = y + 5 - h / 2 }
            guard let squiggle = pick("squiggle") else { break }
            drawings.append((squiggle, Rect(x: x, y: top, width: w, height: h)))
            top += h + pen.rng.uniform(0.3...0.8) * h
        }
        return element(key, .label) { pen in
            for d in drawings { pen.drawing(d.strokes, in: d.rect, tag: "squiggle", stretched: true) }
        }
    }

    mutating func icon(_ key: String, _ name: String, centre: (Double, Double), size: Double = 26) -> TruthElement {
        let r = Rect(x: centre.0 - size / 2, y: centre.1 - size / 2, width: size, height: size)
        let drawing = pick(name)
        return element(key, .icon, whole: name) { pen in
            if let drawing { pen.drawing(drawing, in: r, tag: name) } else { Pictograms.draw(name, in: r, pen: &pen) }
        }
    }

    mutating func textField(_ key: String, _ r: Rect, placeholder: Bool) -> TruthElement {
        if isReal {
            pen.nextElement()
            drawBox(r, rounded: false)
            if placeholder, let squiggle = pick("squiggle") {
                let w = r.width * pen.rng.uniform(0.25...0.4)
                let h = min(realTextHeight(width: w), r.height * 0.5)
                pen.drawing(
                    squiggle, in: Rect(x: r.minX + 12, y: r.midY - h / 2, width: w, height: h), tag: "squiggle",
                    stretched: true)
            }
            return TruthElement(key: key, type: .textField, frame: commit().frame, children: [])
        }
        return element(key, .textField) { pen in
            pen.rectangle(r, rounded: pen.rng.chance(0.3))
            if placeholder {
                pen.squiggle(
                    Rect(x: r.minX + 12, y: r.midY - 5, width: r.width * pen.rng.uniform(0.25...0.4), height: 10))
            }
        }
    }

    mutating func button(_ key: String, _ r: Rect, icon: String? = nil) -> TruthElement {
        pen.nextElement()
        if isReal { drawBox(r, rounded: false) } else { pen.rectangle(r, rounded: pen.rng.chance(0.5)) }
        let frame = commit().frame
        let caption: TruthElement
        if let icon {
            caption = self.icon(key + ".icon", icon, centre: (r.midX, r.midY), size: min(r.height * 0.6, 28))
        } else {
            let w = min(r.width * pen.rng.uniform(0.35...0.55), 140)
            caption = label(key + ".label", x: r.midX - w / 2, y: r.midY - 5, width: w)
        }
        return TruthElement(key: key, type: .button, frame: frame.union(caption.frame), children: [caption])
    }

    mutating func image(_ key: String, _ r: Rect) -> TruthElement {
        if isReal, let square = pick("square") {
            return element(key, .image, whole: "square") { pen in
                pen.drawing(square, in: r, tag: "rectangle", stretched: true)
            }
        }
        return element(key, .image, whole: "crossedBox") { pen in
            pen.rectangle(r)
            pen.cross(r.expanded(by: -2))
        }
    }

    mutating func toggle(_ key: String, x: Double, y: Double) -> TruthElement {
        let r = Rect(x: x, y: y, width: pen.rng.uniform(44...56), height: pen.rng.uniform(24...30))
        let drawing = pick("switch")
        let stretched = isReal
        return element(key, .toggle, whole: "switch") { pen in
            if let drawing { return pen.drawing(drawing, in: r, tag: "switch", stretched: stretched) }
            pen.rectangle(r, rounded: true)
            let right = pen.rng.chance(0.5)
            pen.circle(cx: right ? r.maxX - r.height / 2 : r.minX + r.height / 2, cy: r.midY, r: r.height / 2 - 3)
        }
    }

    mutating func checkbox(_ key: String, x: Double, y: Double) -> TruthElement {
        let r = Rect(x: x, y: y, width: 24, height: 24)
        let drawing = pick("checkbox")
        let stretched = isReal
        return element(key, .checkbox, whole: "checkbox") { pen in
            if let drawing { return pen.drawing(drawing, in: r, tag: "checkbox", stretched: stretched) }
            pen.rectangle(r)
            pen.tag = "forward"
            pen.stroke([(r.minX + 5, r.midY), (r.midX - 1, r.maxY - 5), (r.maxX - 4, r.minY + 4)])
        }
    }

    mutating func slider(_ key: String, x: Double, y: Double, width: Double) -> TruthElement {
        if isReal, let drawing = pick("sliders") {
            let h = width / pen.rng.uniform(max(6, min(12, width / 40))...12)
            return element(key, .slider, whole: "sliders") { pen in
                pen.drawing(
                    drawing, in: Rect(x: x, y: y - h / 2, width: width, height: h), tag: "sliders", stretched: true)
            }
        }
        return element(key, .slider, whole: "sliders") { pen in
            pen.line(x, y, x + width, y)
            pen.circle(cx: x + width * pen.rng.uniform(0.2...0.8), cy: y, r: 8)
        }
    }

    mutating func picker(_ key: String, _ r: Rect) -> TruthElement {
        if isReal, let drawing = pick("dropDown") {
            let w = min(r.width, pen.rng.uniform(160...280))
            let h = w / pen.rng.uniform(4...7)
            return element(key, .picker, whole: "dropDown") { pen in
                pen.drawing(
                    drawing, in: Rect(x: r.minX, y: r.midY - h / 2, width: w, height: h), tag: "dropDown",
                    stretched: true)
            }
        }
        return element(key, .picker, whole: "dropDown") { pen in
            pen.rectangle(r)
            if pen.rng.chance(0.6) {
                pen.squiggle(Rect(x: r.minX + 12, y: r.midY - 5, width: r.width * 0.35, height: 10))
            }
            pen.downTriangle(Rect(x: r.maxX - 30, y: r.midY - 5, width: 14, height: 10))
        }
    }

    mutating func segmented(_ key: String, _ r: Rect, segments: Int) -> TruthElement {
        pen.nextElement()
        drawBox(r, rounded: false)
        let w = r.width / Double(segments)
        for i in 1..<segments {
            pen.line(
                r.minX + Double(i) * w, r.minY + 2, r.minX + Double(i) * w + pen.rng.gaussian(sigma: 1), r.maxY - 2)
        }
        let frame = commit().frame
        var children: [TruthElement] = []
        for i in 0..<segments {
            children.append(label("\(key).\(i)", x: r.minX + Double(i) * w + w * 0.25, y: r.midY - 5, width: w * 0.5))
        }
        return TruthElement(
            key: key, type: .segmentedControl, frame: Rect.union([frame] + children.map(\.frame))!, children: children)
    }

    mutating func avatar(_ key: String, cx: Double, cy: Double, r: Double) -> TruthElement {
        let box = Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        let drawing = pick("avatar")
        let stretched = isReal
        return element(key, .avatar, whole: "avatar") { pen in
            if let drawing { return pen.drawing(drawing, in: box, tag: "avatar", stretched: stretched) }
            pen.circle(cx: cx, cy: cy, r: r)
            pen.circle(cx: cx, cy: cy - r * 0.3, r: r * 0.28)
            pen.tag = "squiggle"
            pen.stroke(
                (0...10).map { k in
                    (cx - r * 0.55 + Double(k) * r * 0.11, cy + r * 0.55 - sin(Double(k) / 10 * .pi) * r * 0.3)
                })
        }
    }

    mutating func divider(_ key: String, x: Double, y: Double, width: Double) -> TruthElement {
        element(key, .divider) { pen in pen.line(x, y, x + width, y) }
    }

    mutating func pageControl(_ key: String, centreX: Double, y: Double, count: Int) -> TruthElement {
        element(key, .pageControl) { pen in
            for i in 0..<count { pen.dot(cx: centreX + (Double(i) - Double(count - 1) / 2) * 14, cy: y) }
        }
    }

    // MARK: Holders

    /// A rectangle drawn first, then its contents (drawn by `contents`).
    mutating func box(_ key: String, _ type: ElementType, _ r: Rect, contents: (inout ScreenBuilder) -> [TruthElement])
        -> TruthElement
    {
        pen.nextElement()
        if isReal {
            drawBox(r, rounded: false)
        } else {
            pen.rectangle(r, rounded: type == .container && pen.rng.chance(0.5))
        }
        let frame = commit().frame
        let children = contents(&self)
        return TruthElement(
            key: key, type: type, frame: Rect.union([frame] + children.map(\.frame))!, children: children)
    }

    /// An element made of others without strokes of its own (a list).
    func aggregate(_ key: String, _ type: ElementType, _ children: [TruthElement], absorbed: [TruthElement] = [])
        -> TruthElement
    {
        TruthElement(key: key, type: type, frame: Rect.union((children + absorbed).map(\.frame))!, children: children)
    }
}

/// Sketched pictograms for when no DoodleUINet drawing is at hand.
enum Pictograms {
    static func draw(_ name: String, in r: Rect, pen: inout ScreenSketcher) {
        defer { pen.tag = "unknown" }
        pen.tag = name
        switch name {
        case "back":
            pen.stroke([
                (r.maxX - r.width * 0.3, r.minY), (r.minX + r.width * 0.25, r.midY), (r.maxX - r.width * 0.3, r.maxY),
            ])
        case "forward":
            pen.stroke([
                (r.minX + r.width * 0.3, r.minY), (r.maxX - r.width * 0.25, r.midY), (r.minX + r.width * 0.3, r.maxY),
            ])
        case "menu":
            for f in [0.2, 0.5, 0.8] { pen.line(r.minX, r.minY + r.height * f, r.maxX, r.minY + r.height * f) }
        case "plus":
            pen.line(r.midX, r.minY, r.midX, r.maxY)
            pen.line(r.minX, r.midY, r.maxX, r.midY)
        case "cancel": pen.cross(r)
        case "search":
            pen.circle(cx: r.minX + r.width * 0.4, cy: r.minY + r.height * 0.4, r: r.width * 0.3)
            pen.line(r.minX + r.width * 0.62, r.minY + r.height * 0.62, r.maxX, r.maxY)
        case "play": pen.stroke([(r.minX + 4, r.minY), (r.maxX, r.midY), (r.minX + 4, r.maxY), (r.minX + 4, r.minY)])
        default:
            let points = (0...10).map { k -> (Double, Double) in
                let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
                return (r.midX + r.width / 2 * cos(a), r.midY + r.height / 2 * sin(a))
            }
            pen.stroke(points)
        }
    }
}
