import SketchModel

/// Whether a long, thin stroke group has a knob on it: a track whose ink stays in a thin band
/// except over one short stretch where it swells to the group's full height (a slider drawn with
/// its knob in the same strokes, then read as a line).
enum KnobBump {
    /// Columns the group's width is cut into.
    static let columns = 32
    /// The most of the width the swelling may cover.
    static let maximumKnobShare = 0.35
    /// The least share of a knob's height it rises above and falls below the track running into
    /// it (a sawtooth's tooth rises from the line on one side to the line on the other).
    static let crossingMargin = 0.15
    /// The least height (points) of a group whose swelling can be a knob.
    static let minimumHeight = 10.0

    static func hasKnob(_ inks: [Ink], frame: Rect) -> Bool {
        guard frame.height >= minimumHeight, frame.width >= 4 * frame.height else { return false }
        let extents = columnBands(inks, frame: frame).compactMap { $0.map { $0.upperBound - $0.lowerBound } }
        guard extents.count >= columns / 2 else { return false }
        let thin = extents.sorted()[extents.count / 2]
        let swollen = extents.filter { $0 >= max(0.6 * frame.height, thin + 8) }.count
        return thin <= 0.35 * frame.height && swollen >= 1 && Double(swollen) <= maximumKnobShare * Double(columns)
    }

    /// The vertical span of the ink in each of ``columns`` equal columns of `frame` (nil where a
    /// column holds no ink).
    static func columnBands(_ inks: [Ink], frame: Rect) -> [ClosedRange<Double>?] {
        var low = [Double](repeating: .infinity, count: columns)
        var high = [Double](repeating: -.infinity, count: columns)
        let step = frame.width / Double(columns)
        for ink in inks {
            for (a, b) in zip(ink.points, ink.points.dropFirst()) {
                let samples = max(1, Int((abs(b.x - a.x) + abs(b.y - a.y)) / 2))
                for i in 0...samples {
                    let f = Double(i) / Double(samples)
                    let x = a.x + (b.x - a.x) * f
                    let y = a.y + (b.y - a.y) * f
                    let column = min(columns - 1, max(0, Int((x - frame.minX) / step)))
                    low[column] = min(low[column], y)
                    high[column] = max(high[column], y)
                }
            }
        }
        return zip(low, high).map { $0.0.isFinite ? $0.0...$0.1 : nil }
    }

    /// The columns (indices into `bands`, ``columnBands(_:frame:)``) of the one place where a
    /// thin band swells, over at most ``maximumKnobShare`` of the width; nil when it swells
    /// nowhere or in more than one place (a box drawn open swells at both ends).
    static func knobColumns(_ bands: [ClosedRange<Double>?]) -> ClosedRange<Int>? {
        let extents = bands.compactMap { $0.map { $0.upperBound - $0.lowerBound } }
        guard extents.count >= bands.count * 3 / 4 else { return nil }
        let thin = extents.sorted()[extents.count / 2]
        let swollen = bands.map { band in band.map { $0.upperBound - $0.lowerBound >= max(2 * thin, thin + 8) } ?? false
        }
        guard let first = swollen.firstIndex(of: true), let last = swollen.lastIndex(of: true),
            !swollen[first...last].contains(false), Double(last - first + 1) <= maximumKnobShare * Double(bands.count)
        else { return nil }
        return first...last
    }

    /// Whether the bands swell in one place (``knobColumns(_:)``) with track on both sides whose
    /// middle runs into the swelling, well inside its height (a label beside a switch or a
    /// checkbox swells at one end only).
    static func isTrackThroughKnob(_ bands: [ClosedRange<Double>?]) -> Bool {
        guard let columns = knobColumns(bands) else { return false }
        let knob = bands[columns].compactMap { $0 }
        let top = knob.map(\.lowerBound).min()!
        let bottom = knob.map(\.upperBound).max()!
        let margin = crossingMargin * (bottom - top)
        let before = bands[..<columns.lowerBound].compactMap { $0 }
        let after = bands[(columns.upperBound + 1)...].compactMap { $0 }
        guard before.count >= 2, after.count >= 2 else { return false }
        return [before.last!, after.first!].allSatisfy { band in
            let middle = (band.lowerBound + band.upperBound) / 2
            return middle > top + margin && middle < bottom - margin
        }
    }
}
