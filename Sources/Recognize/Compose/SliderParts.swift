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
        var parts = parts
        while let members = firstSlider(in: parts) {
            let used = Set(members)
            let absorbed = members.sorted().map { parts[$0] }
            let slider = ElementMaker.make(
                .slider, own: [], absorbed: absorbed, confidence: Confidence.composite(absorbed.map(\.element.confidence), rule: 0.9))
            parts = parts.indices.filter { !used.contains($0) }.map { parts[$0] } + [slider]
        }
        return parts
    }

    /// The members (indices) of the first slider: knobs are tried largest first.
    private static func firstSlider(in parts: [Part]) -> [Int]? {
        let pieces = parts.indices.filter { parts[$0].isHorizontalLine && parts[$0].element.children.isEmpty }
        guard !pieces.isEmpty else { return nil }
        let knobs = parts.indices.filter { isKnob(parts[$0]) }
            .sorted { (-parts[$0].frame.area, parts[$0].frame.minX, $0) < (-parts[$1].frame.area, parts[$1].frame.minX, $1) }
        for k in knobs {
            let knob = parts[k].frame
            var track = knob
            var members: [Int] = []
            var grew = true
            while grew {
                grew = false
                for p in pieces where !members.contains(p) {
                    let line = parts[p].frame
                    let collinear = line.midY >= knob.minY && line.midY <= knob.maxY && line.height * 1.5 <= knob.height
                    let gap = max(line.minX - track.maxX, track.minX - line.maxX)
                    if collinear, gap <= knob.width + reach {
                        members.append(p)
                        track = track.union(line)
                        grew = true
                    }
                }
            }
            guard !members.isEmpty, track.width >= minimumTrack, track.width >= 3 * knob.width else { continue }
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
        guard knobSizes.contains(max(f.width, f.height)), f.height >= 0.5 * f.width, part.element.children.isEmpty else { return false }
        return [.avatar, .icon, .image, .checkbox, .container].contains(part.type)
    }
}
