import SketchModel

/// Screen Recognition's containment: A is inside B when 85% of A's area is inside B. Root
/// elements inside a container or bar become its children.
enum Containment {
    /// Whether elements of this type take in the roots drawn inside them.
    static func holds(_ type: ElementType) -> Bool {
        switch type {
        case .container, .navigationBar, .tabBar: true
        default: false
        }
    }

    static func apply(_ roots: [Element]) -> [Element] {
        var roots = roots
        // A move only takes a root away and gives a holder more children (its frame stays), so
        // the roots before it, which no holder took, stay where they are: the scan goes on.
        var i = 0
        while i < roots.count {
            guard let j = holder(of: i, among: roots) else {
                i += 1
                continue
            }
            let inner = roots.remove(at: i)
            let at = j > i ? j - 1 : j
            roots[at].children.append(inner)
            roots[at].children.sort { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            roots[at].strokeIds = Merge.strokes(roots[at].strokeIds, inner.strokeIds)
        }
        return roots
    }

    /// The smallest holder (the first of equal ones) with 85% of root `i` inside it.
    private static func holder(of i: Int, among roots: [Element]) -> Int? {
        let inner = roots[i].frame
        var best: Int?
        for j in roots.indices where j != i && holds(roots[j].type) {
            let area = roots[j].frame.area
            guard area > inner.area, inner.fractionInside(roots[j].frame) >= 0.85 else { continue }
            if let b = best, roots[b].frame.area <= area { continue }
            best = j
        }
        return best
    }
}
