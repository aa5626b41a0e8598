import SketchModel

/// SwynthUI's snap: similar widths and heights among siblings are binned and averaged, then every
/// edge is aligned to the 8-point grid. A box resized by its bin keeps the edge (or centre) it was
/// drawn against in its parent (``HorizontalPlacement``), so a leading element does not move its
/// leading edge to match a wider or narrower sibling. What a list row's wrapper holds is placed in
/// the list (the wrapper is no box of its own), as a person reads the rows.
enum FrameSnapping {
    /// Sizes within this share of each other are one bin.
    static let binTolerance = 0.1
    /// ... and within this many points: a hand's wobble, not two sizes drawn apart on purpose.
    static let binSpread = 16.0

    /// `elements` (siblings drawn in `parent`: the screen for roots) and their descendants, snapped;
    /// `snappedParent` is where the parent itself was snapped to (nil: it stays, as the screen does).
    static func apply(_ elements: [Element], in parent: Rect, snappedParent: Rect? = nil) -> [Element] {
        var snapped = elements
        snap(&snapped, in: parent, snappedParent: snappedParent)
        return snapped
    }

    /// ``apply(_:in:snappedParent:)`` in place: each element's frame and children are changed
    /// where they stand, so no tree is rebuilt.
    static func snap(_ elements: inout [Element], in parent: Rect, snappedParent: Rect?) {
        guard !elements.isEmpty else { return }
        let widths = binnedWidths(elements)
        let heights = binnedAverages(elements.map(\.frame.height), spread: .infinity)
        for index in elements.indices {
            let f = elements[index].frame
            let placement = HorizontalPlacement(of: f, in: parent)
            let x: Double =
                switch placement {
                case .leading: f.minX
                case .center: f.midX - widths[index] / 2
                case .trailing: f.maxX - widths[index]
                }
            let snapped = keeping(
                placement,
                grid(Rect(x: x, y: f.midY - heights[index] / 2, width: widths[index], height: heights[index])),
                in: snappedParent ?? parent)
            let frame = snappedParent != nil && placement == .center ? centred(snapped, drawn: f, in: parent) : snapped
            elements[index].frame = frame
            if elements[index].isListRowWrapper {
                snap(&elements[index].children, in: parent, snappedParent: snappedParent)
            } else {
                snap(&elements[index].children, in: f, snappedParent: frame)
            }
        }
    }

    /// `snapped` moved a grid step back toward the side it was drawn against when rounding to the
    /// grid carried it to its parent's centre (a box drawn 10 pt left of the centre, snapped to 7),
    /// the parent as snapped: both move to the grid.
    static func keeping(_ placement: HorizontalPlacement, _ snapped: Rect, in parent: Rect) -> Rect {
        guard placement != .center, HorizontalPlacement(of: snapped, in: parent) == .center else { return snapped }
        let step = placement == .leading ? -LayoutSolver.grid : LayoutSolver.grid
        return Rect(x: snapped.minX + step, y: snapped.minY, width: snapped.width, height: snapped.height)
    }

    /// `snapped`, drawn centred in a snapped `parent`, with equal insets on the grid: a picture
    /// drawn 12 pt inside both sides of its card is not snapped 8 pt from one and 16 pt from the
    /// other. Kept as snapped when that would change its width by more than a grid step or a
    /// twentieth (a small pictogram centred in a bar keeps its size).
    static func centred(_ snapped: Rect, drawn f: Rect, in parent: Rect) -> Rect {
        let inset =
            ((f.minX - parent.minX + parent.maxX - f.maxX) / 2 / LayoutSolver.grid).rounded() * LayoutSolver.grid
        let side = grid(parent)
        let minX = side.minX + max(inset, 0)
        let maxX = side.maxX - max(inset, 0)
        guard abs(maxX - minX - snapped.width) <= min(LayoutSolver.grid, 0.05 * snapped.width) else { return snapped }
        return Rect(minX: minX, minY: snapped.minY, maxX: maxX, maxY: snapped.maxY)
    }

    /// Widths binned among content and, apart, among bars: a bar is stretched to the screen
    /// whatever its width, so it neither widens nor narrows what the content column holds.
    static func binnedWidths(_ elements: [Element]) -> [Double] {
        var result = elements.map(\.frame.width)
        for isChrome in [false, true] {
            let members = elements.indices.filter { LayoutFrameResolver.isChrome(elements[$0].type) == isChrome }
            for (index, width) in zip(members, binnedAverages(members.map { result[$0] }, spread: binSpread)) {
                result[index] = width
            }
        }
        return result
    }

    /// Edges on the 8-point grid; sides under 16 points keep their size (dots, thin lines).
    static func grid(_ r: Rect) -> Rect {
        func snap(_ v: Double) -> Double { (v / LayoutSolver.grid).rounded() * LayoutSolver.grid }
        let x = r.width >= 16 ? (snap(r.minX), snap(r.maxX)) : (r.minX.rounded(), r.minX.rounded() + r.width.rounded())
        let y =
            r.height >= 16 ? (snap(r.minY), snap(r.maxY)) : (r.minY.rounded(), r.minY.rounded() + r.height.rounded())
        return Rect(minX: x.0, minY: y.0, maxX: x.1, maxY: y.1)
    }

    /// Each value replaced by the mean of its bin (values within ``binTolerance`` of the bin's first).
    static func binnedAverages(_ values: [Double], spread: Double) -> [Double] {
        let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
        var result = values
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count,
                values[order[end]] <= min(values[order[start]] * (1 + binTolerance) + 1, values[order[start]] + spread)
            { end += 1 }
            let members = order[start..<end]
            var sum = 0.0
            for i in members { sum += values[i] }
            let mean = sum / Double(members.count)
            for i in members { result[i] = mean }
            start = end
        }
        return result
    }
}
