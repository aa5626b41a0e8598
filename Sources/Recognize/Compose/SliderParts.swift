/// A slider drawn in pieces: a knob (a circle or small mark) sitting on a straight track, the
/// track often broken where the knob is, each piece its own stroke group. The knob, the collinear
/// track pieces either side of it and any dots on the track become one slider.
enum SliderParts {
    /// The least length (points) of a whole track.
    static let minimumTrack = 60.0
    /// The smallest and largest knob (longer side, points).
    static let knobSizes = 8.0...44.0
    /// How far (points) a track piece may lie from the knob or the track so far.
    static let reach = 12.0

    static func collect(_ parts: [Part]) -> [Part] {
        joining(
            extendWholeSliders(absorbingKnobs(parts.map(readingKnobbedTrack))), rule: 0.9, firstSlider: firstSlider(in:)
        )
    }

    /// `parts` with the members `firstSlider` finds (indices) made into one slider, again and
    /// again until it finds none; `rule` scales the members' mean confidence.
    static func joining(_ parts: [Part], rule: Double, firstSlider: ([Part]) -> [Int]?) -> [Part] {
        var parts = parts
        while let members = firstSlider(parts) {
            let used = Set(members)
            let absorbed = members.sorted().map { parts[$0] }
            let slider = ElementMaker.make(
                .slider, own: [], absorbed: absorbed,
                confidence: Confidence.composite(absorbed.map(\.element.confidence), rule: rule))
            parts = parts.indices.filter { !used.contains($0) }.map { parts[$0] } + [slider]
        }
        return parts
    }

    /// A slider recognised as one drawing (track and knob together) takes in the rest of its
    /// track when that was drawn apart: straight pieces on its line, just beyond its ends.
    private static func extendWholeSliders(_ parts: [Part]) -> [Part] {
        var parts = parts
        for s in parts.indices where parts[s].type == .slider && parts[s].element.children.isEmpty {
            let slider = parts[s].frame
            let pieces = parts.indices.filter { p in
                let line = parts[p].frame
                let gap = max(line.minX - slider.maxX, slider.minX - line.maxX)
                return p != s && parts[p].isHorizontalLine && parts[p].element.children.isEmpty
                    && line.midY >= slider.minY
                    && line.midY <= slider.maxY && line.height <= slider.height && gap <= 2 * reach
            }
            guard !pieces.isEmpty else { continue }
            let absorbed = pieces.map { parts[$0] }
            var whole = ElementMaker.make(
                .slider, own: parts[s].ownInks, absorbed: absorbed, confidence: parts[s].element.confidence,
                primitive: parts[s].primitive)
            whole.element.color = whole.element.color ?? parts[s].element.color
            parts[s] = whole
            let used = Set(pieces)
            return extendWholeSliders(parts.indices.filter { !used.contains($0) }.map { parts[$0] })
        }
        return parts
    }

    /// A long line with a knob swelling on it in one place (``KnobBump``) is a slider drawn in one
    /// piece (a box drawn open swells at both ends).
    private static func readingKnobbedTrack(_ part: Part) -> Part {
        guard part.isHorizontalLine, part.element.children.isEmpty, part.frame.width >= minimumTrack,
            KnobBump.hasKnob(part.ownInks, frame: part.frame),
            KnobBump.knobColumns(KnobBump.columnBands(part.ownInks, frame: part.frame)) != nil
        else { return part }
        return ElementMaker.make(
            .slider, own: part.ownInks, confidence: part.element.confidence * 0.9, primitive: part.primitive)
    }

    /// A one-piece slider, or a long line, takes in the small marks drawn on it (a knob drawn
    /// apart, squashed flat by a wide stretch so that it reads as a field or a box): a line with a
    /// knob on it is a slider.
    private static func absorbingKnobs(_ parts: [Part]) -> [Part] {
        var parts = parts
        // What could be a mark on some track, worked out once, not again for every track.
        let markLike = parts.indices.filter { p in
            parts[p].element.children.isEmpty && parts[p].type != .slider && !parts[p].isHorizontalLine
                && parts[p].type != .label
                && parts[p].frame.height >= 6
        }
        for s in parts.indices
        where parts[s].element.children.isEmpty && (parts[s].type == .slider || isTrack(parts[s])) {
            let area = parts[s].frame.expanded(by: 4)
            let width = parts[s].frame.width
            let marks = markLike.filter { p in
                p != s && parts[p].frame.width <= 0.35 * width && parts[p].frame.fractionInside(area) >= 0.9
            }
            guard !marks.isEmpty else { continue }
            parts[s] = ElementMaker.make(
                .slider, own: parts[s].ownInks, absorbed: marks.map { parts[$0] },
                confidence: parts[s].element.confidence,
                primitive: parts[s].primitive)
            let used = Set(marks)
            return absorbingKnobs(parts.indices.filter { !used.contains($0) }.map { parts[$0] })
        }
        return parts
    }

    /// A line long enough to be a slider's whole track.
    private static func isTrack(_ part: Part) -> Bool {
        part.isHorizontalLine && part.frame.width >= minimumTrack
    }

    /// The members (indices) of the first slider: knobs are tried largest first.
    private static func firstSlider(in parts: [Part]) -> [Int]? {
        let pieces = parts.indices.filter { parts[$0].isHorizontalLine && parts[$0].element.children.isEmpty }
        guard !pieces.isEmpty else { return nil }
        let knobs = parts.indices.filter { isKnob(parts[$0]) }
            .sorted {
                (-parts[$0].frame.area, parts[$0].frame.minX, $0) < (-parts[$1].frame.area, parts[$1].frame.minX, $1)
            }
        for k in knobs {
            let knob = parts[k].frame
            var track = knob
            var members: [Int] = []
            var grew = true
            while grew {
                grew = false
                for p in pieces where !members.contains(p) {
                    let line = parts[p].frame
                    // The knob sits astride the track, centred on it.
                    let collinear = abs(line.midY - knob.midY) <= 0.3 * knob.height && line.height * 1.5 <= knob.height
                    let gap = max(line.minX - track.maxX, track.minX - line.maxX)
                    if collinear, gap <= knob.width + reach {
                        members.append(p)
                        track = track.union(line)
                        grew = true
                    }
                }
            }
            // The track runs on both sides of the knob, or starts right at it.
            let bothSides =
                members.contains { parts[$0].frame.midX < knob.midX }
                && members.contains { parts[$0].frame.midX > knob.midX }
            let touching = members.contains { p in
                max(parts[p].frame.minX - knob.maxX, knob.minX - parts[p].frame.maxX) <= 4
            }
            guard !members.isEmpty, bothSides || touching, track.width >= minimumTrack, track.width >= 3 * knob.width
            else { continue }
            let dots = parts.indices.filter { d in
                parts[d].isDot && parts[d].frame.midX >= track.minX && parts[d].frame.midX <= track.maxX
                    && parts[d].frame.midY >= knob.minY && parts[d].frame.midY <= knob.maxY
            }
            return [k] + members + dots
        }
        return nil
    }

    /// A small roundish mark that can be a slider's knob.
    private static func isKnob(_ part: Part) -> Bool {
        let f = part.frame
        guard knobSizes.contains(max(f.width, f.height)), f.height >= 0.5 * f.width, part.element.children.isEmpty
        else { return false }
        return [.avatar, .icon, .image].contains(part.type)
    }
}
