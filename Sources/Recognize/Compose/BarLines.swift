import SketchModel

/// NOTATION: a navigation bar may be drawn as a horizontal line across the frame near the top
/// (its items above the line); likewise a tab bar as a line near the bottom with items below.
struct BarLines {
    let bands: ScreenBands
    /// A navigation bar's line lies in this top share of the screen; a tab bar's in the bottom share.
    static let topShare = 0.15
    static let bottomShare = 0.15

    func apply(_ parts: [Part]) -> [Part] {
        var parts = parts
        let canvas = bands.canvas
        if !parts.contains(where: { $0.type == .navigationBar }),
            let line = parts.firstIndex(where: {
                $0.isHorizontalLine && bands.isFullWidth($0.frame) && $0.frame.midY <= Self.topShare * canvas.height
            })
        {
            let edge = parts[line].frame
            let items = parts.indices.filter {
                $0 != line && parts[$0].frame.maxY <= edge.midY + 6 && !parts[$0].frame.isEmpty
            }
            if !items.isEmpty {
                let top = items.map { parts[$0].frame.minY }.min()!
                let frame = Rect(
                    minX: edge.minX, minY: max(0, min(top - 8, edge.minY)), maxX: edge.maxX, maxY: edge.maxY)
                let members = items.map { parts[$0] }
                let kept = BarItems.navigation(members, in: frame)
                let keptIDs = Set(kept.map(\.element.id))
                let bar = ElementMaker.make(
                    .navigationBar, own: parts[line].ownInks, children: kept,
                    absorbed: members.filter { !keptIDs.contains($0.element.id) },
                    confidence: Confidence.composite(
                        [parts[line].element.confidence] + members.map(\.element.confidence), rule: 0.9),
                    frame: frame)
                parts = replace(Set(items + [line]), in: parts, with: bar)
            }
        }
        if !parts.contains(where: { $0.type == .tabBar }),
            let line = parts.firstIndex(where: {
                $0.isHorizontalLine && bands.isFullWidth($0.frame)
                    && $0.frame.midY >= (1 - Self.bottomShare) * canvas.height
            })
        {
            let edge = parts[line].frame
            let items = parts.indices.filter { $0 != line && parts[$0].frame.minY >= edge.midY - 6 }
            if items.count >= 2 {
                let bottom = items.map { parts[$0].frame.maxY }.max()!
                let frame = Rect(
                    minX: edge.minX, minY: edge.minY, maxX: edge.maxX,
                    maxY: min(canvas.height, max(bottom + 8, edge.maxY)))
                let members = BarItems.tabs(items.map { parts[$0] })
                var bar = ElementMaker.make(
                    .tabBar, own: parts[line].ownInks, children: members,
                    confidence: Confidence.composite(
                        [parts[line].element.confidence] + members.map(\.element.confidence), rule: 0.9),
                    frame: frame)
                bar.element.segments = members.count
                parts = replace(Set(items + [line]), in: parts, with: bar)
            }
        }
        return parts
    }

    private func replace(_ indices: Set<Int>, in parts: [Part], with bar: Part) -> [Part] {
        parts.indices.filter { !indices.contains($0) }.map { parts[$0] } + [bar]
    }
}

extension Rect {
    /// Whether it has no area at all.
    var isEmpty: Bool { width <= 0 && height <= 0 }
}
