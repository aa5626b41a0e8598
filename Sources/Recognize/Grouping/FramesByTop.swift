import SketchModel

/// A screen's frames sorted by their top edge, so a search for what one box holds visits only
/// the frames that reach into the box's band (on a scrolling screen, a few of its strokes)
/// instead of every frame on the screen.
struct FramesByTop {
    private let frames: [Rect]
    /// Frame indexes, by top edge.
    private let byTop: [Int]
    private let tallest: Double

    init(_ frames: [Rect]) {
        self.frames = frames
        byTop = frames.indices.sorted { (frames[$0].minY, $0) < (frames[$1].minY, $1) }
        tallest = frames.reduce(0) { max($0, $1.height) }  // a NaN height (never held) is passed over
    }

    /// The indexes (in no particular order) of every frame that reaches into the band of `box`,
    /// from its top to its bottom edge, and of some frames just above it.
    func reaching(into box: Rect) -> ArraySlice<Int> {
        // A frame whose bottom reaches the band's top starts at most the tallest height above it
        // (a point more, for rounding).
        let start = firstIndex { frames[$0].minY >= box.minY - tallest - 1 }
        let end = firstIndex { frames[$0].minY > box.maxY }
        return byTop[start..<max(start, end)]
    }

    /// The first place in `byTop` where `isPast` holds (it holds from there on).
    private func firstIndex(where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = byTop.count
        while low < high {
            let mid = (low + high) / 2
            if isPast(byTop[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
