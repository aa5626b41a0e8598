import SketchModel

/// Geometric second opinions on the classifier, for shapes that are built from several simple
/// strokes and that a single-drawing classifier does not know (dot rows, sliders drawn as line
/// plus knob, lines it is unsure about), and for boxes and writing it takes for each other or
/// for lines (``BoxSides``).
enum AtomRefiner {
    /// The least confidence at which the classifier's answer stands against geometry.
    static let trustedConfidence = 0.6

    static func refine(_ atom: Atom) -> Atom {
        guard atom.text == nil else { return atom }
        var atom = atom
        let inks = atom.inks
        if inks.count >= 2, let count = dotRowCount(inks) {
            atom.primitive = .dots(count: count)
            atom.confidence = max(atom.confidence, 0.85)
        } else if inks.count >= 2, isLineWithKnob(inks) || (isUnsure(atom) && isKnobbedTrack(inks, frame: atom.frame)) {
            atom.primitive = .slider
            atom.confidence = max(atom.confidence, 0.8)
        } else if inks.count == 1, max(atom.frame.width, atom.frame.height) <= 8 {
            atom.primitive = .dot
            atom.confidence = max(atom.confidence, 0.7)
        } else if inks.count == 1, atom.confidence < trustedConfidence || atom.primitive == .unknown {
            let ink = inks[0]
            if ink.isHorizontalLine {
                atom.primitive = .horizontalLine
                atom.confidence = max(atom.confidence, 0.7)
            } else if ink.isVerticalLine {
                atom.primitive = .verticalLine
                atom.confidence = max(atom.confidence, 0.7)
            } else if max(ink.frame.width, ink.frame.height) <= 10 {
                atom.primitive = .dot
                atom.confidence = max(atom.confidence, 0.7)
            }
        }
        if atom.primitive == .circle, max(atom.frame.width, atom.frame.height) <= 12 { atom.primitive = .dot }
        if atom.primitive == .horizontalLine || isUnsure(atom), BoxSides.isOpenBox(inks, frame: atom.frame) {
            atom.primitive = .box
        }
        let linesReadAsBox = atom.primitive == .box && BoxSides.isStackOfLines(inks)
        if atom.primitive != .squiggle, inks.count >= 2,
            linesReadAsBox || isStackOfWaves(inks) || (mayBeText(atom) && isWavy(inks))
        {
            atom.primitive = .squiggle
            atom.confidence = max(atom.confidence, 0.7)
        } else if inks.count == 1, mayBeText(atom) || atom.primitive == .box || isLongWave(inks[0]), isWavy(inks) {
            atom.primitive = .squiggle
            atom.confidence = max(atom.confidence, 0.7)
        }
        return atom
    }

    /// Answers a wave can overrule: lines (only a straight stroke is a divider), and whatever the
    /// classifier is unsure of. A box drawn in one stroke comes back to its start, so a single
    /// wave overrules it too.
    private static func mayBeText(_ atom: Atom) -> Bool {
        switch atom.primitive {
        case .squiggle: false
        case .horizontalLine, .verticalLine, .unknown: true
        default: atom.confidence < trustedConfidence
        }
    }

    /// One flat stroke (3:1 or flatter) that waves many times from end to end: text, whatever the
    /// classifier says (a slider's track is straight; a pictogram is not that flat).
    static func isLongWave(_ ink: Ink) -> Bool {
        guard ink.frame.width >= 3 * ink.frame.height else { return false }
        let wave = ink.waviness
        return wave.swings >= 5 && wave.crossings >= 3 && wave.progress >= 0.8
    }

    /// A flat path of one to three strokes that swings from side to side as it goes (see
    /// ``Waviness``): a squiggle at any stretch, not a ruled line.
    static func isWavy(_ inks: [Ink]) -> Bool {
        let frame = Rect.union(inks.map(\.frame))!
        return inks.count <= 3 && frame.width >= 2 * frame.height
            && (inks.count == 1 ? inks[0].waviness : Waviness(inks: inks)).isWavy
    }

    /// Lines of text drawn one under the other in quick succession: every stroke a flat wave
    /// (whatever the classifier made of the whole, two waves are never a box).
    static func isStackOfWaves(_ inks: [Ink]) -> Bool {
        let lines = inks.sorted { ($0.frame.minY, $0.order) < ($1.frame.minY, $1.order) }
        let stacked = zip(lines, lines.dropFirst()).allSatisfy { $0.frame.verticalOverlap($1.frame) < 0.3 }
        return stacked && lines.allSatisfy { $0.frame.width >= 3 * $0.frame.height && $0.waviness.isWavy }
    }

    /// Two or more tiny marks side by side, of similar size: (part of) a page control's dots.
    static func dotRowCount(_ inks: [Ink]) -> Int? {
        guard inks.allSatisfy({ max($0.frame.width, $0.frame.height) <= 16 }) else { return nil }
        let sorted = inks.sorted { $0.frame.midX < $1.frame.midX }
        let heights = sorted.map(\.frame.height)
        guard let lo = heights.min(), let hi = heights.max(), hi <= max(2 * lo, lo + 6) else { return nil }
        let frame = Rect.union(sorted.map(\.frame))!
        guard frame.width >= 2 * frame.height else { return nil }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.frame.minX < a.frame.maxX - 1 { return nil }
        return sorted.count
    }

    /// Whether the classifier's answer is too weak to stand against geometry.
    private static func isUnsure(_ atom: Atom) -> Bool {
        atom.primitive == .unknown || atom.confidence < trustedConfidence
    }

    /// A long straight horizontal stroke with small marks sitting on it, one of them a knob that
    /// crosses the line and stands out of its band: a slider. A mark no taller than the line
    /// (the flourish at a squiggle's end, a letter after a flat word) is no knob.
    static func isLineWithKnob(_ inks: [Ink]) -> Bool {
        guard
            let line = inks.filter({ $0.isHorizontalLine && $0.frame.width >= 60 }).max(by: {
                $0.frame.width < $1.frame.width
            })
        else { return false }
        let others = inks.filter { $0.id != line.id }
        let onTheLine = others.allSatisfy { ink in
            max(ink.frame.width, ink.frame.height) <= 44 && ink.frame.midX >= line.frame.minX - 8
                && ink.frame.midX <= line.frame.maxX + 8
                && ink.frame.minY <= line.frame.maxY + 4 && ink.frame.maxY >= line.frame.minY - 4
        }
        return onTheLine && others.contains { isKnob($0.frame, on: line.frame) }
    }

    /// A mark that crosses the middle of a track and rises out of the track's band.
    static func isKnob(_ mark: Rect, on track: Rect) -> Bool {
        mark.minY <= track.midY && mark.maxY >= track.midY && mark.height >= max(1.5 * track.height, track.height + 4)
    }

    /// Strokes that draw a long thin band swelling once to full height, the band running into the
    /// swelling from both sides (``KnobBump``): a slider whose track is scribbled or bowed rather
    /// than ruled, so that no stroke is a straight line (a sawtooth swells at every tooth).
    static func isKnobbedTrack(_ inks: [Ink], frame: Rect) -> Bool {
        frame.width >= SliderParts.minimumTrack && KnobBump.hasKnob(inks, frame: frame)
            && KnobBump.isTrackThroughKnob(KnobBump.columnBands(inks, frame: frame))
    }
}
