import SketchModel

/// Groups strokes into candidate primitives by space and time, keeping containers apart from
/// what they hold.
///
/// Two passes:
/// 1. *Ink clusters*: strokes whose boxes overlap or nearly touch join, unless one box holds the
///    other (85% containment, twice the area) or they sit in different boxes, so a rectangle drawn
///    in four strokes is one cluster but a squiggle inside a rectangle is not part of it.
/// 2. *Quick succession*: clusters drawn one right after the other (within ``quickGap`` ms) and
///    close together (within ``nearDistance`` points) join, again unless one holds the other; a
///    stroke that starts where the one before it ended continues its path and always joins it.
struct StrokeGrouper: Sendable {
    /// Boxes closer than this many points count as touching.
    var touchDistance = 3.0
    /// Strokes drawn in quick succession join when they are closer than this.
    var nearDistance = 10.0
    /// The longest pause (ms) between two strokes that still counts as quick succession.
    var quickGap = 450.0

    /// Groups `inks` (in drawing order) into stroke groups, ordered by their first stroke.
    func group(_ inks: [Ink]) -> [StrokeGroup] {
        group(inks, holders: Self.holders(of: inks, frames: inks.map(\.frame)))
    }

    /// ``group(_:)`` given `holders`, the strokes' ``holders(of:frames:)``.
    func group(_ inks: [Ink], holders: [[Int]]) -> [StrokeGroup] {
        guard !inks.isEmpty else { return [] }
        var sets = DisjointSets(count: inks.count)
        let frames = inks.map(\.frame)
        // Pass 1: touching strokes. Only pairs whose boxes are near can join, so a sweep along
        // the longer side of the drawing (a phone screen's strokes by their tops) with an early
        // break keeps this close to linear on real screens. The order pairs are tried in does not
        // change the clusters.
        let extent = Rect.union(frames)!
        let alongY = extent.height > extent.width
        let (lows, highs) = alongY ? (frames.map(\.minY), frames.map(\.maxY)) : (frames.map(\.minX), frames.map(\.maxX))
        let sweep = inks.indices.sorted { (lows[$0], $0) < (lows[$1], $1) }
        for (n, i) in sweep.enumerated() {
            let a = frames[i]
            for j in sweep[(n + 1)...] {
                if lows[j] > highs[i] + touchDistance { break }
                let b = frames[j]
                if a.gap(to: b) <= touchDistance, holders[i] == holders[j], !Self.separates(inks[i], inks[j]),
                    !Self.separates(inks[j], inks[i])
                {
                    sets.union(i, j)
                }
            }
        }
        // Pass 2: quick succession between the clusters of consecutive strokes.
        for i in inks.indices.dropFirst() {
            let previous = inks[i - 1]
            let current = inks[i]
            if continues(current, previous) {
                sets.union(i - 1, i)
                continue
            }
            guard current.startT > 0, current.startT - previous.endT <= quickGap, current.startT >= previous.endT else {
                continue
            }
            let a = sets.find(i - 1)
            let b = sets.find(i)
            guard a != b else { continue }
            let frameA = Self.frame(of: a, in: frames, sets: &sets)
            let frameB = Self.frame(of: b, in: frames, sets: &sets)
            if frameA.gap(to: frameB) <= nearDistance, !Self.separates(frameA, frameB), !Self.separates(frameB, frameA)
            {
                sets.union(a, b)
            }
        }
        // Each set's strokes in the order given, the sets in the order of their first stroke.
        var slotOfRoot = [Int](repeating: -1, count: inks.count)
        var members: [[Ink]] = []
        for i in inks.indices {
            let root = sets.find(i)
            if slotOfRoot[root] < 0 {
                slotOfRoot[root] = members.count
                members.append([])
            }
            members[slotOfRoot[root]].append(inks[i])
        }
        return members.map(StrokeGroup.init).sorted { $0.firstOrder < $1.firstOrder }
    }

    /// Whether `next`, drawn right after the open stroke `previous`, starts where it ended
    /// (within ``touchDistance``) and goes on a good way (a quarter of `previous`'s shorter side):
    /// one pen path lifted and put down again, such as an outline drawn in two strokes, whatever
    /// one's box holds of the other's. A closed stroke (a box drawn in one go) is continued by
    /// nothing: a picture started at its corner is content, and so is a speck.
    func continues(_ next: Ink, _ previous: Ink) -> Bool {
        guard let end = previous.points.last, let start = next.points.first,
            previous.straightness >= Self.openStraightness,
            next.length >= 0.25 * min(previous.frame.width, previous.frame.height)
        else { return false }
        return abs(start.x - end.x) <= touchDistance && abs(start.y - end.y) <= touchDistance
    }

    /// The least straightness of an open stroke (a side, a corner, a bracket); a loop that
    /// comes back to its start is straighter than none.
    static let openStraightness = 0.15

    /// For every stroke, the strokes that contain it: content only joins content of the same
    /// boxes, never a piece of a box's outline that happens to touch it.
    static func holders(of inks: [Ink], frames: [Rect]) -> [[Int]] {
        let byTop = FramesByTop(frames)
        var holders = [[Int]](repeating: [], count: inks.count)
        // Boxes in index order, so every stroke's holders come out in index order.
        for box in inks.indices where max(frames[box].width, frames[box].height) >= containerSize {
            let reach = HolderReach(frames[box])
            for i in byTop.reaching(into: reach.bounds)
            where i != box && reach.holds(frames[i]) && isContent(inks[i], of: frames[box]) {
                holders[i].append(box)
            }
        }
        return holders
    }

    /// The least size (longer side, points) of a box that holds elements rather than being one
    /// small pictogram with inner strokes (a gear's hub, a checkbox's tick).
    static let containerSize = 36.0

    /// Whether `outer` is a container of `inner` (so they stay apart).
    static func separates(_ outer: Rect, _ inner: Rect) -> Bool {
        max(outer.width, outer.height) >= containerSize && outer.holds(inner)
    }

    /// Whether stroke `outer` is a container of stroke `inner`. A stroke that runs along the
    /// outer one's edges is not content but more of its outline (a box drawn as a bracket and
    /// the rest, or corner by corner).
    static func separates(_ outer: Ink, _ inner: Ink) -> Bool {
        separates(outer.frame, inner.frame) && isContent(inner, of: outer.frame)
    }

    /// Whether a stroke held by `box` is content rather than more of the box's outline.
    static func isContent(_ inner: Ink, of box: Rect) -> Bool {
        !isOutline(inner, of: box) && !isSide(inner.frame, of: box)
    }

    /// A thin stroke running along most of one side of `box`, close to its edge.
    static func isSide(_ stroke: Rect, of box: Rect) -> Bool {
        let vertical =
            stroke.height >= 0.7 * box.height && stroke.width <= 0.6 * stroke.height && stroke.width <= 0.2 * box.width
            && (stroke.minX - box.minX <= sideSlack || box.maxX - stroke.maxX <= sideSlack)
        let horizontal =
            stroke.width >= 0.7 * box.width && stroke.height <= 0.6 * stroke.width && stroke.height <= 0.2 * box.height
            && (stroke.minY - box.minY <= sideSlack || box.maxY - stroke.maxY <= sideSlack)
        return vertical || horizontal
    }

    /// How near (points) an outline stroke runs to the box's edge (less than the usual inset of
    /// a card's picture, which is content).
    static let outlineSlack = 8.0
    /// How near (points) a thin side stroke lies to the box's edge.
    static let sideSlack = 12.0

    /// Whether `stroke` is an open stroke (a side, a corner, a bracket; not a loop such as a
    /// switch's knob) with at least three quarters of its points near the edge of `box`.
    static func isOutline(_ stroke: Ink, of box: Rect) -> Bool {
        guard !stroke.points.isEmpty, stroke.length >= 0.25 * min(box.width, box.height),
            stroke.straightness >= openStraightness
        else { return false }
        let points = stroke.points
        // The count stops once it is settled: three quarters near, or too many far for that.
        var near = 0
        var far = 0
        for p in points {
            if min(abs(p.x - box.minX), abs(box.maxX - p.x), abs(p.y - box.minY), abs(box.maxY - p.y)) <= outlineSlack {
                near += 1
                if 4 * near >= 3 * points.count { return true }
            } else {
                far += 1
                if 4 * (points.count - far) < 3 * points.count { return false }
            }
        }
        return 4 * near >= 3 * points.count
    }

    private static func frame(of root: Int, in frames: [Rect], sets: inout DisjointSets) -> Rect {
        var result: Rect?
        for i in frames.indices where sets.find(i) == root { result = result?.union(frames[i]) ?? frames[i] }
        return result!
    }
}

/// Union-find over 0..<count with path halving.
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    /// Joins the sets of `a` and `b`; the smaller root survives so results do not depend on order.
    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a)
        let rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
