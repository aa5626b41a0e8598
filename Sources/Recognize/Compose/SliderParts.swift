/// A slider drawn in pieces: a knob (a circle, dot or small mark) sitting on a straight track, the
/// track often broken where the knob is, each piece its own stroke group. The knob and the
/// collinear track pieces either side of it become one slider.
enum SliderParts {
    /// The least length (points) of a whole track.
    static let minimumTrack = 60.0
    /// The largest knob (longer side, points).
    static let maximumKnob = 44.0

    static func collect(_ parts: [Part]) -> [Part] {
        var parts = parts
        while let slider = firstSlider(in: parts) {
            let used = Set(slider.members)
            let members = slider.members.sorted().map { parts[$0] }
            let part = ElementMaker.make(
                .slider, own: [], absorbed: members, confidence: Confidence.composite(members.map(\.element.confidence), rule: 0.9))
            parts = parts.indices.filter { !used.contains($0) }.map { parts[$0] } + [part]
        }
        return parts
    }

    /// The indices of the first knob with its track, in a deterministic order.
    private static func firstSlider(in parts: [Part]) -> (members: [Int], track: Rect)? {
        let tracks = parts.indices.filter { parts[$0].isHorizontalLine && parts[$0].element.children.isEmpty }
        guard !tracks.isEmpty else { return nil }
        let knobs = parts.indices.filter { isKnob(parts[$0]) }.sorted { (parts[$0].frame.minX, parts[$0].frame.minY) < (parts[$1].frame.minX, parts[$1].frame.minY) }
        for k in knobs {
            let knob = parts[k].frame
            let reach = knob.width + 12
            let pieces = tracks.filter { t in
                let line = parts[t].frame
                let onIt = line.midY >= knob.minY - 4 && line.midY <= knob.maxY + 4
                let gap = max(line.minX - knob.maxX, knob.minX - line.maxX)
                return onIt && gap <= reach
            }
            guard !pieces.isEmpty else { continue }
            let track = Rect.union(pieces.map { parts[$0].frame })!.union(knob)
            guard track.width >= minimumTrack, track.width >= 3 * knob.width else { continue }
            return ([k] + pieces, track)
        }
        return nil
    }

    /// A small roundish mark that can be a slider's knob.
    private static func isKnob(_ part: Part) -> Bool {
        let f = part.frame
        guard max(f.width, f.height) <= maximumKnob, part.element.children.isEmpty else { return false }
        return part.isDot || [.avatar, .icon, .image, .checkbox, .container].contains(part.type)
    }
}
