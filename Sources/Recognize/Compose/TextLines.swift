import SketchModel

/// Screen Recognition's text-line joining, for squiggles: stacked squiggles are one paragraph and
/// squiggles side by side on one line are one sentence. Lines that each stand beside their own
/// control or picture are the texts of rows (checkbox options, a list's names), not one paragraph.
enum TextLines {
    /// Joins label parts that belong together; other parts pass through unchanged.
    static func join(_ parts: [Part]) -> [Part] {
        func joinable(_ part: Part) -> Bool { part.type == .label && !part.isPinned }
        guard parts.contains(where: joinable) else { return parts }  // no text: nothing to join or move
        var labels = parts.filter(joinable)
        let rest = parts.filter { !joinable($0) }
        var merged = true
        while merged {
            merged = false
            search: for i in labels.indices {
                for j in labels.indices
                where j > i && belongTogether(labels[i], labels[j])
                    && !areRowTexts(labels[i].frame, labels[j].frame, beside: rest)
                {
                    let a = labels[i]
                    let b = labels[j]
                    var joined = ElementMaker.make(
                        .label, own: a.ownInks + b.ownInks,
                        confidence: Confidence.mean([a.element.confidence, b.element.confidence]), primitive: .squiggle)
                    (joined.element.text, joined.element.textConfidence) = joinedText(a.element, b.element)
                    labels.remove(at: j)
                    labels[i] = joined
                    merged = true
                    break search
                }
            }
        }
        return rest + labels
    }

    /// The written text of two joined labels in reading order: words on one line joined by a
    /// space, lines by a line break; a squiggle (placeholder) adds nothing.
    static func joinedText(_ a: Element, _ b: Element) -> (String?, Double?) {
        let (first, second) = (a.frame.minY, a.frame.minX) <= (b.frame.minY, b.frame.minX) ? (a, b) : (b, a)
        let sameLine = first.frame.verticalOverlap(second.frame) >= 0.5
        let (left, right) = sameLine && second.frame.minX < first.frame.minX ? (second, first) : (first, second)
        switch (left.text, right.text) {
        case (let l?, let r?):
            return (l + (sameLine ? " " : "\n") + r, min(left.textConfidence ?? 1, right.textConfidence ?? 1))
        case (let l?, nil): return (l, left.textConfidence)
        case (nil, let r?): return (r, right.textConfidence)
        default: return (nil, nil)
        }
    }

    /// Whether two text boxes each stand beside an element of `others` and share none: the texts
    /// of two rows. A picture beside a whole paragraph stands beside all of its lines.
    static func areRowTexts(_ a: Rect, _ b: Rect, beside others: [Part]) -> Bool {
        let mates = [a, b].map { line in Set(others.indices.filter { isBeside(others[$0], line) }) }
        return !mates[0].isEmpty && !mates[1].isEmpty && mates[0].isDisjoint(with: mates[1])
    }

    /// An element on the same line as a text box, left or right of it (no speck, no line).
    static func isBeside(_ part: Part, _ line: Rect) -> Bool {
        guard !part.isHorizontalLine, !part.isVerticalLine, !RowMarks.isSpeck(part) else { return false }
        return part.frame.verticalOverlap(line) >= 0.5 && (part.frame.maxX <= line.minX || part.frame.minX >= line.maxX)
    }

    /// Two labels are one text when ``belongTogether(_:_:bothWritten:)`` says so of their frames.
    static func belongTogether(_ a: Part, _ b: Part) -> Bool {
        belongTogether(a.frame, b.frame, bothWritten: a.element.text != nil && b.element.text != nil)
    }

    /// Two text boxes are one text when they overlap in x and the gap is under the smaller height
    /// (a little more, for hand-drawn squiggles), or sit on one line with a word-sized gap (a
    /// stretched squiggle drawn in several strokes leaves gaps of up to twice its height; words
    /// of writing, up to twice the taller one's). Lines
    /// of writing are one text only when they sit closer than writing's own line spacing (a
    /// line's descenders all but touch the next one's ascenders): labels stacked at a form's
    /// spacing stay apart.
    static func belongTogether(_ a: Rect, _ b: Rect, bothWritten: Bool = false) -> Bool {
        let smaller = max(min(a.height, b.height), 4)
        let verticalGap = max(b.minY - a.maxY, a.minY - b.maxY)
        if a.horizontalOverlap(b) >= 0.3, verticalGap < (bothWritten ? 0.3 : 1.5) * smaller { return true }
        let horizontalGap = max(b.minX - a.maxX, a.minX - b.maxX)
        // Written words on one line are spaced by the line's height, not the smaller word's ("are"
        // beside "militarists" has neither ascenders nor descenders).
        let wordScale = bothWritten ? max(max(a.height, b.height), 4) : smaller
        return a.verticalOverlap(b) >= 0.5 && horizontalGap < 2 * wordScale
    }
}
