import SketchModel

/// A slider whose parts were read as other things: a track bowed or humped enough to read as a
/// squiggle (or ruled, as a divider), and a knob taken for a control or pictogram of its own (an
/// empty switch or checkbox, a flat field, a pictogram, the knob and a piece of track read
/// together). The ink of the pieces decides, not their names: together they draw a thin track
/// that swells once, to a knob the track runs into from both sides.
enum KnobbedTracks {
    /// The types a misread knob (or knob with a piece of track) may have been given.
    static let knobTypes: Set<ElementType> = [.toggle, .checkbox, .textField, .icon, .avatar, .image, .label]
    /// The longest side (points) of a misread knob.
    static let largestKnob = 60.0

    static func collect(_ parts: [Part]) -> [Part] {
        SliderParts.joining(parts, rule: 0.8, firstSlider: firstSlider(in:))
    }

    /// The members (indices) of the first knob with the track pieces it sits on.
    private static func firstSlider(in parts: [Part]) -> [Int]? {
        let pieces = parts.indices.filter { isTrackPiece(parts[$0]) }
        guard !pieces.isEmpty else { return nil }
        for k in parts.indices where isKnob(parts[k]) {
            let knob = parts[k].frame
            var members = [k]
            var span = knob
            var grew = true
            while grew {
                grew = false
                for p in pieces where !members.contains(p) {
                    let piece = parts[p].frame
                    let gap = max(piece.minX - span.maxX, span.minX - piece.maxX)
                    guard gap <= SliderParts.reach, piece.midY >= knob.minY, piece.midY <= knob.maxY else { continue }
                    members.append(p)
                    span = span.union(piece)
                    grew = true
                }
            }
            guard members.count >= 2, span.width >= SliderParts.minimumTrack else { continue }
            if KnobBump.isTrackThroughKnob(KnobBump.columnBands(members.flatMap { parts[$0].allInks }, frame: span)) {
                return members
            }
        }
        return nil
    }

    /// A flat line or textless squiggle that holds nothing: maybe a piece of track.
    private static func isTrackPiece(_ part: Part) -> Bool {
        isFree(part) && (part.type == .divider || part.type == .label)
            && part.frame.width >= 4 * max(part.frame.height, 1)
    }

    /// A small part that holds nothing and is no track piece: maybe a misread knob. One drawn
    /// together with a piece of its track (a straight stroke among its own) may be twice as wide;
    /// a squiggle must be one of those (a word between two rules, "or", is no knob).
    private static func isKnob(_ part: Part) -> Bool {
        guard isFree(part), knobTypes.contains(part.type), !isTrackPiece(part) else { return false }
        let holdsTrack = part.ownInks.contains { $0.isHorizontalLine }
        guard part.type != .label || holdsTrack else { return false }
        return part.frame.height <= largestKnob && part.frame.width <= (holdsTrack ? 2 : 1) * largestKnob
    }

    /// A leaf no correction made and no handwriting read.
    private static func isFree(_ part: Part) -> Bool {
        part.element.children.isEmpty && !part.isPinned && !part.isWriting
    }
}
