import SessionModel
import SketchModel

/// Navigation links drawn between screens.
///
/// The web client lays screens out side by side, left to right in session order, ``screenGap``
/// points apart; each screen keeps its own coordinates. A stroke drawn on screen A is a link when
///
/// 1. it starts inside an element of A (the innermost one that is not part of a button), and
/// 2. it ends more than ``margin`` points beyond A's left or right edge.
///
/// The destination is the screen the end point falls on (or the gap after it), counting from A
/// in the direction the stroke left; past the last screen it is the last screen. Link strokes are
/// not recognised as elements. A stroke that leaves the frame but starts on no element is an
/// ordinary stroke.
enum LinkRule {
    /// How far beyond the edge the stroke must end (points), so an overshooting bar line is not a link.
    static let margin = 32.0
    /// The web client's gap between screens (points).
    static let screenGap = 40.0

    /// Whether the stroke leaves its screen sideways far enough to be a link candidate.
    static func isCandidate(_ stroke: Stroke, on screen: Screen) -> Bool {
        guard let first = stroke.points.first, let last = stroke.points.last else { return false }
        let startsInside = first.x >= 0 && first.x <= screen.width && first.y >= 0 && first.y <= screen.height
        return startsInside && (last.x > screen.width + margin || last.x < -margin)
    }

    /// The destination screen's index, or nil when there is none in that direction.
    static func destination(of stroke: Stroke, from index: Int, in screens: [Screen]) -> Int? {
        guard let last = stroke.points.last else { return nil }
        let source = screens[index]
        if last.x > source.width {
            guard index + 1 < screens.count else { return nil }
            var edge = source.width
            for j in (index + 1)..<screens.count {
                edge += screenGap + screens[j].width
                if last.x <= edge + screenGap { return j }
            }
            return screens.count - 1
        }
        guard index > 0 else { return nil }
        var edge = 0.0
        for j in stride(from: index - 1, through: 0, by: -1) {
            edge -= screenGap + screens[j].width
            if last.x >= edge - screenGap { return j }
        }
        return 0
    }

    /// The element a link starts from: the innermost one under the point, not descending into
    /// buttons and segmented controls (their parts trigger them).
    static func sourceElement(at x: Double, _ y: Double, in elements: [Element]) -> Element? {
        let slack = 8.0
        guard
            let hit = elements.filter({ $0.frame.expanded(by: slack).contains(x: x, y: y) })
                .min(by: { ($0.frame.area, $0.id) < ($1.frame.area, $1.id) })
        else { return nil }
        guard ReadingOrder.readsChildren(hit.type) else { return hit }
        return sourceElement(at: x, y, in: hit.children) ?? hit
    }
}
