/// A row of three or more small dots drawn as separate groups is a page control. Other dots pass
/// through (a picker's small arrow may look like one); the top level drops them.
enum PageControls {
    static func collect(_ parts: [Part]) -> [Part] {
        guard parts.contains(where: \.isDot) else { return parts }  // the usual level: nothing to gather or move
        let dots = parts.filter(\.isDot).sorted { ($0.frame.minX, $0.frame.minY) < ($1.frame.minX, $1.frame.minY) }
        var rest = parts.filter { !$0.isDot }
        var used = Set<Int>()
        for start in dots.indices where !used.contains(start) {
            var row = [start]
            for next in dots.indices where next > start && !used.contains(next) {
                let last = dots[row.last!].frame
                let candidate = dots[next].frame
                let size = max(last.width, last.height, 4)
                if last.verticalOverlap(candidate) >= 0.5, candidate.minX - last.maxX <= 4 * size { row.append(next) }
            }
            let count = row.map { dots[$0].dotCount }.reduce(0, +)
            guard count >= 3 else { continue }
            used.formUnion(row)
            let members = row.map { dots[$0] }
            var control = ElementMaker.make(
                .pageControl, own: members.flatMap(\.ownInks),
                confidence: Confidence.composite(members.map(\.element.confidence), rule: 0.9))
            control.element.segments = count
            rest.append(control)
        }
        return rest + dots.indices.filter { !used.contains($0) }.map { dots[$0] }
    }
}
