import SketchModel

/// NOTATION's rules for a rectangle (or circle) and what it holds: button, text field, picker,
/// segmented control, toggle, checkbox, image, avatar, bars and containers.
struct BoxRules {
    let bands: ScreenBands
    /// Classifies the box together with its contents (for small widgets drawn as one picture).
    let classifyWhole: (StrokeGroup) -> GroupLabel

    /// Widgets a single-drawing classifier recognises better as a whole than we do by parts.
    static let wholeWidgets: [Primitive: ElementType] = [
        .toggle: .toggle, .checkbox: .checkbox, .avatar: .avatar, .picker: .picker, .crossedBox: .image,
        .slider: .slider,
    ]
    /// The tallest box (points) that is read as a one-line control (a drop-down).
    static let controlHeight = 72.0
    /// The longest side (points) of a box read as a small widget (a checkbox) by its contents.
    static let smallWidgetSide = 44.0
    /// The largest box (points, longer side) that is tried as one small widget.
    static let wholeWidgetSize = 140.0
    /// The largest box (points) that may turn out to be one pictogram (a camera's body and lens).
    static let wholeIconSize = 60.0

    /// The least confidence of a reading of two letters or more that makes a small box a button
    /// with its title, not a checkbox with a mark (a tick reads as one letter at most).
    static let sureTitle = 0.75

    /// Whether `label` is writing read surely (``sureTitle``), or typed.
    static func isSureWriting(_ label: Part) -> Bool {
        guard let text = label.element.text, text.filter({ $0.isLetter || $0.isNumber }).count >= 2 else {
            return false
        }
        return (label.element.textConfidence ?? 1) >= sureTitle
    }

    /// Composes `box` holding `parts` (already composed, non-empty).
    func compose(box: Atom, parts all: [Part]) -> Part {
        let f = box.frame
        let contentConfidence = all.map(\.element.confidence)
        if let widget = wholeWidget(box: box, parts: all) { return widget }
        // A speck on the box's top or bottom side is a corner drawn over: more of its outline; a
        // speck anywhere in a box larger than a small widget is a slip of the pen (no drop-down's
        // arrow is that small; in a checkbox it may be the mark).
        let outline = all.filter {
            ($0.isDot && Self.isOnTopOrBottomSide($0, of: f))
                || (RowMarks.isSpeck($0) && max(f.width, f.height) > Self.smallWidgetSide)
                || Self.isSideBegunAgain($0, of: f) || Self.isSideLine($0, of: f)
        }
        let parts = all.filter { part in !outline.contains { $0.element.id == part.element.id } }
        // A picker's contents are its arrow and value, known by where they stand: an arrow the
        // classifier cannot name must not sink the drop-down under its minimum (it would vanish).
        func make(_ type: ElementType, children: [Part] = [], absorbed: [Part] = [], rule: Double = 0.95) -> Part {
            ElementMaker.make(
                type, own: box.inks, children: children, absorbed: absorbed + outline,
                confidence: Confidence.composite(
                    [box.confidence] + (type == .picker ? [] : contentConfidence), rule: rule),
                primitive: nil)
        }
        if box.primitive == .crossedBox { return make(.image, absorbed: parts) }
        if parts.isEmpty { return LeafRules.emptyBox(box, bands: bands, absorbing: outline) }
        // Specks, upright strokes and lines along a side inside a box taller than a control are
        // leftovers of its drawing (a side drawn twice), not content (in a drop-down a speck may be
        // its arrow, in a segmented control a line splits it).
        if box.primitive == .box, parts.allSatisfy({ $0.isDot || $0.isVerticalLine || Self.isSideLine($0, of: f) }),
            f.height > Self.controlHeight
        {
            return LeafRules.emptyBox(box, bands: bands, absorbing: parts)
        }
        if box.primitive == .circle { return make(.avatar, absorbed: parts, rule: 0.9) }
        if parts.count == 1, isCross(parts[0], in: f) { return make(.image, absorbed: parts) }
        // A field with its placeholder at the left is a field even at the top of the screen (a
        // search field where the screen has no bar); a bar's title is centred.
        if bands.isTopBand(f), Self.placeholder(parts, in: f) == nil {
            let kept = BarItems.navigation(parts, in: f)
            let keptIDs = Set(kept.map(\.element.id))
            return make(.navigationBar, children: kept, absorbed: parts.filter { !keptIDs.contains($0.element.id) })
        }
        if bands.isBottomBand(f), parts.count >= 2 {
            var bar = make(.tabBar, children: BarItems.tabs(parts))
            bar.element.segments = bar.element.children.count
            return bar
        }
        let labels = parts.filter { $0.type == .label }
        let others = parts.filter { $0.type != .label }
        let dividers = others.filter { $0.isVerticalLine && $0.frame.height >= 0.55 * f.height }
        // Between the dividers, flat marks are the segments' titles, even when read as lines.
        let titles =
            labels
            + others.filter { $0.isHorizontalLine && $0.frame.width <= f.width / Double(dividers.count + 1) }.map(
                \.asLabel)
        if dividers.count == 1, isFencedArrow(fence: dividers[0], parts: parts, in: f) {
            return make(.picker, absorbed: parts, rule: 0.9)
        }
        if !dividers.isEmpty, dividers.count + titles.count == parts.count, f.width >= 2 * f.height,
            f.height <= Self.controlHeight
        {
            var control = make(
                .segmentedControl, children: titles.sorted { $0.frame.midX < $1.frame.midX }, absorbed: dividers)
            control.element.segments = dividers.count + 1
            return control
        }
        if parts.count == 1, let knob = parts.first, isKnob(knob, in: f) {
            var toggle = make(.toggle, absorbed: parts, rule: 0.9)
            toggle.element.isOn = knob.frame.midX > f.midX
            return toggle
        }
        // A drop-down's arrow drawn as a scribble (with its fence, often) reads as text: a narrow
        // one alone in the right part of the box is still the arrow.
        let arrow =
            others.isEmpty && labels.count == 1
                && ((labels[0].frame.width <= 0.15 * f.width && labels[0].frame.midX >= f.minX + 0.7 * f.width)
                    || isFenceAndArrowRead(labels[0], in: f))
            ? labels : []
        if isDropDown(labels: arrow.isEmpty ? labels : [], marks: others + arrow, in: f) {
            return make(.picker, absorbed: parts, rule: 0.9)
        }
        let side = max(f.width, f.height)
        if side <= Self.smallWidgetSide, f.width <= 1.5 * f.height, f.height <= 1.5 * f.width,
            side <= 32 || !parts.contains(where: { $0.type == .icon && $0.element.confidence >= 0.8 }),
            !labels.contains(where: Self.isSureWriting)
        {
            var checkbox = make(.checkbox, absorbed: parts, rule: 0.85)
            checkbox.element.isOn = true
            return checkbox
        }
        if let text = Self.placeholder(parts, in: f) {
            var field = make(.textField, absorbed: parts)
            (field.element.text, field.element.textConfidence) = (text.element.text, text.element.textConfidence)
            return field
        }
        // A button is at most 100 pt tall, or twice as tall as the one word it holds (written large).
        let fitsAButton =
            f.height <= 100
            || (parts.count == 1 && parts[0].element.text != nil && f.height <= 2 * parts[0].frame.height)
        if parts.count <= 2, parts.allSatisfy({ $0.type == .label || $0.type == .icon }), fitsAButton,
            isCentred(parts, in: f)
        {
            return make(.button, children: parts.sorted { $0.frame.minX < $1.frame.minX })
        }
        // Writing with marks beside it on its line (letters the reader did not take with it): a
        // button titled with the writing.
        let writing = parts.filter(\.isWriting)
        if !writing.isEmpty, Self.isOneLine(parts, of: writing), isCentred(parts, in: f),
            f.height <= 100 || f.height <= 2 * (Rect.union(parts.map(\.frame))?.height ?? 0)
        {
            return make(
                .button, children: writing.sorted { $0.frame.minX < $1.frame.minX },
                absorbed: parts.filter { !$0.isWriting })
        }
        return make(.container, children: parts.filter { !$0.isDot }, absorbed: parts.filter(\.isDot), rule: 0.85)
    }

    /// Whether `parts` sit on the line of `writing` (some of them): each shares its band, and
    /// together they are at most half again as tall as the tallest writing.
    static func isOneLine(_ parts: [Part], of writing: [Part]) -> Bool {
        guard let band = Rect.union(writing.map(\.frame)), let all = Rect.union(parts.map(\.frame)) else {
            return false
        }
        let tallest = writing.map(\.frame.height).max() ?? 0
        return all.height <= 1.5 * tallest
            && parts.allSatisfy { $0.frame.midY >= band.minY && $0.frame.midY <= band.maxY }
    }

    /// How close (points) to a box's top or bottom a speck's centre is on that side.
    static let sideSpeckSlack = 4.0

    /// A speck whose centre lies on the box's top or bottom side.
    static func isOnTopOrBottomSide(_ part: Part, of f: Rect) -> Bool {
        min(abs(part.frame.midY - f.minY), abs(part.frame.midY - f.maxY)) <= sideSpeckSlack
    }

    /// The least straightness of a side begun again (a knob or a pictogram is a loop).
    static let restartStraightness = 0.7

    /// One slanted, nearly straight stroke at an end of a one-line box (its outer quarter) that
    /// reaches from the top side to the bottom side: a side begun again or a corner gone over,
    /// more of the outline (an upright line there is a drop-down's fence or a segment's divider).
    static func isSideBegunAgain(_ part: Part, of f: Rect) -> Bool {
        guard f.height <= controlHeight, f.width >= 3 * f.height, part.allInks.count == 1, let ink = part.allInks.first,
            !part.isVerticalLine, ink.straightness >= restartStraightness
        else { return false }
        let atEnd = part.frame.maxX <= f.minX + 0.25 * f.width || part.frame.minX >= f.maxX - 0.25 * f.width
        let acrossHeight = part.frame.minY - f.minY <= sideSpeckSlack && f.maxY - part.frame.maxY <= sideSpeckSlack
        return atEnd && acrossHeight
    }

    /// A line running along one side of the box, close to its edge: more of its outline.
    static func isSideLine(_ part: Part, of f: Rect) -> Bool {
        part.isHorizontalLine && StrokeGrouper.isSide(part.frame, of: f)
    }

    /// The one label of a wide box when it sits in the box's left part, as a text field's
    /// placeholder does; nil for anything else. A written line with a loop may read as a slider
    /// (a line and its knob): no one draws a slider that short at the left of a field-shaped box.
    static func placeholder(_ parts: [Part], in f: Rect) -> Part? {
        guard parts.count == 1, let text = parts.first, [.label, .slider].contains(text.type), f.width >= 3 * f.height,
            text.frame.minX - f.minX <= 0.3 * f.width, text.frame.width <= 0.6 * f.width,
            text.frame.midX < f.midX - 0.1 * f.width
        else { return nil }
        return text
    }

    /// The whole box classified as one small widget, when the classifier is sure enough.
    private func wholeWidget(box: Atom, parts: [Part]) -> Part? {
        guard max(box.frame.width, box.frame.height) <= Self.wholeWidgetSize,
            parts.allSatisfy({ $0.primitive != nil && !$0.isWriting })
        else { return nil }
        let whole = StrokeGroup(box.inks + parts.flatMap(\.allInks))
        guard let best = Plausibility.best(classifyWhole(whole), frame: whole.frame), best.probability >= 0.4 else {
            return nil
        }
        if case .icon(let symbol) = best.primitive, max(box.frame.width, box.frame.height) <= Self.wholeIconSize,
            best.probability >= 0.6
        {
            var icon = ElementMaker.make(.icon, own: box.inks, absorbed: parts, confidence: best.probability)
            icon.element.symbol = symbol
            return icon
        }
        guard let type = Self.wholeWidgets[best.primitive] else { return nil }
        var part = ElementMaker.make(type, own: box.inks, absorbed: parts, confidence: best.probability)
        switch type {
        case .toggle: part.element.isOn = LeafRules.knobIsRight(whole.inks, frame: whole.frame)
        case .checkbox: part.element.isOn = true
        default: break
        }
        return part
    }

    /// A wide box with its marks (a down arrow, often fenced off by a vertical line or a small
    /// box) at the right end and any text left of them: a drop-down.
    private func isDropDown(labels: [Part], marks: [Part], in f: Rect) -> Bool {
        // A line along the box's left or right side is more of its outline, and a speck a slip of
        // the pen; neither is a mark.
        let marks = marks.filter {
            !($0.isVerticalLine && min($0.frame.minX - f.minX, f.maxX - $0.frame.maxX) <= StrokeGrouper.sideSlack)
                && max($0.frame.width, $0.frame.height) >= 4
        }
        guard !marks.isEmpty, f.width >= 2 * f.height, f.height <= Self.controlHeight, !bands.isTopBand(f),
            !bands.isBottomBand(f),
            let area = Rect.union(marks.map(\.frame))
        else { return false }
        let arrowOnly = marks.count == 1 && marks[0].type != .divider
        let fenced = marks.count >= 2 && marks.contains { $0.type != .divider } && area.minX >= f.minX + 0.55 * f.width
        return (arrowOnly || fenced) && area.midX >= f.minX + 0.7 * f.width && area.width <= 0.4 * f.width
            && labels.allSatisfy { $0.frame.maxX <= area.minX + 4 }
    }

    /// A drop-down whose arrow is fenced off by a vertical line: the line stands in the right part
    /// of the box (a segmented control's one divider stands near the middle), and right of it
    /// there is only a small mark, the arrow, whatever it was read as.
    private func isFencedArrow(fence: Part, parts: [Part], in f: Rect) -> Bool {
        guard f.width >= 2.5 * f.height, f.height <= Self.controlHeight, fence.frame.midX >= f.minX + 0.62 * f.width
        else { return false }
        let right = parts.filter { $0.frame.midX > fence.frame.midX }
        let left = parts.filter { $0.frame.midX < fence.frame.midX && $0.element.id != fence.element.id }
        let segment = f.maxX - fence.frame.midX
        return right.count == 1 && right[0].frame.width <= 0.6 * segment && right[0].frame.height <= 0.6 * f.height
            && left.allSatisfy { $0.type == .label || $0.isHorizontalLine }
    }

    /// A drop-down's fence and arrow read together as a short word ("I do", "I to"): in the
    /// right part of the box, a few strokes of which the leftmost is a straight vertical line
    /// most of the box's height.
    private func isFenceAndArrowRead(_ label: Part, in f: Rect) -> Bool {
        let inks = label.allInks
        guard label.frame.minX >= f.minX + 0.55 * f.width, (2...4).contains(inks.count),
            (label.element.text?.filter(\.isLetter).count ?? 0) <= 4,
            let fence = inks.min(by: { $0.frame.minX < $1.frame.minX })
        else { return false }
        return fence.straightness > 0.75 && fence.frame.height >= 0.55 * f.height
            && fence.frame.width <= 0.3 * fence.frame.height
    }

    /// An X across the box (both diagonals, drawn apart from the box): an image placeholder.
    private func isCross(_ part: Part, in box: Rect) -> Bool {
        let spansBox = part.frame.width >= 0.55 * box.width && part.frame.height >= 0.55 * box.height
        let isX =
            part.element.symbol == "xmark"
            || (part.allInks.count == 2
                && part.allInks.allSatisfy {
                    $0.straightness > 0.85 && $0.frame.width > 0.3 * $0.frame.height
                        && $0.frame.height > 0.3 * $0.frame.width
                })
        return spansBox && isX
    }

    /// A round knob at one end of a pill: a switch.
    private func isKnob(_ part: Part, in box: Rect) -> Bool {
        let roundish =
            part.primitive == .circle || part.primitive == .dot || part.type == .avatar
            || (part.frame.width <= 1.8 * part.frame.height && part.frame.height <= 1.8 * part.frame.width)
        let aspect = box.width / max(box.height, 1)
        let atEnd = part.frame.midX <= box.minX + 0.4 * box.width || part.frame.midX >= box.maxX - 0.4 * box.width
        return roundish && part.type != .label && aspect >= 1.3 && aspect <= 3.5
            && part.frame.height >= 0.5 * box.height && atEnd
    }

    /// Whether the contents sit in the middle of the box (a button's caption or icon).
    private func isCentred(_ parts: [Part], in box: Rect) -> Bool {
        let content = Rect.union(parts.map(\.frame))!
        return abs(content.midX - box.midX) <= 0.2 * box.width && abs(content.midY - box.midY) <= 0.3 * box.height
    }
}
