import SketchModel

/// The seed app's and Screen Recognition's clean-up rules, applied in this order to the
/// composed elements of one screen (docs/ARCHITECTURE.md, Recognize, step 5).
struct PostProcessor: Sendable {
    let bands: ScreenBands

    /// Detections overlapping by more than this (IoU) are one element.
    static let mergeOverlap = 0.85
    /// Look-alike classes suppress each other above this IoU (so real nesting survives).
    static let lookAlikeOverlap = 0.8

    func run(_ roots: [Element]) -> [Element] {
        var roots = Thresholds.apply(roots)
        roots = OverlapMerge.apply(roots)
        roots = SingleBars.apply(roots)
        roots = BarPlacement(bands: bands).apply(roots)
        roots = LookAlikes.apply(roots)
        roots = Containment.apply(roots)
        return roots
    }
}

/// Per-class confidence thresholds (Screen Recognition): elements below their class's threshold
/// are dropped, at every depth. Corrected elements always stay.
enum Thresholds {
    static let minimum: [ElementType: Double] = [
        .label: 0.25, .button: 0.3, .image: 0.3, .textField: 0.3, .toggle: 0.35, .checkbox: 0.35, .slider: 0.35,
        .picker: 0.35, .segmentedControl: 0.3, .icon: 0.35, .avatar: 0.3, .navigationBar: 0.3, .tabBar: 0.3,
        .list: 0.3, .divider: 0.3, .container: 0.2, .pageControl: 0.35,
    ]

    static func apply(_ elements: [Element]) -> [Element] {
        guard !keepsAll(elements) else { return elements }  // the usual case: no tree is copied
        return elements.compactMap { element in
            guard keeps(element) else { return nil }
            var kept = element
            kept.children = apply(element.children)
            return kept
        }
    }

    static func keeps(_ element: Element) -> Bool {
        element.corrected || element.confidence >= (minimum[element.type] ?? 0.3)
    }

    /// Whether every element at every depth stays.
    static func keepsAll(_ elements: [Element]) -> Bool {
        elements.allSatisfy { keeps($0) && keepsAll($0.children) }
    }
}

/// Seed app: two detections that overlap by more than 85% are one element; the most confident
/// label wins and the boxes are united.
enum OverlapMerge {
    static func apply(_ elements: [Element]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let i = result.firstIndex(where: { $0.frame.iou(element.frame) > PostProcessor.mergeOverlap }) {
                result[i] = Merge.union(result[i], element)
            } else {
                result.append(element)
            }
        }
        for i in result.indices where !result[i].children.isEmpty {
            result[i].children = apply(result[i].children)
        }
        return result
    }
}

/// Seed app: at most one navigation bar and one tab bar per screen; extras merge into the most
/// confident one.
enum SingleBars {
    static func apply(_ roots: [Element]) -> [Element] {
        var roots = roots
        for type in [ElementType.navigationBar, .tabBar] {
            let bars = roots.filter { $0.type == type }
            guard bars.count > 1 else { continue }
            let ranked = bars.sorted { ($0.corrected ? 2 : $0.confidence, $1.id) > ($1.corrected ? 2 : $1.confidence, $0.id) }
            let merged = ranked.dropFirst().reduce(ranked[0]) { Merge.union($0, $1, keepType: true) }
            let position = roots.firstIndex { $0.type == type }!
            roots.removeAll { $0.type == type }
            roots.insert(merged, at: min(position, roots.count))
        }
        return roots
    }
}

/// Seed app: a navigation bar is full width at the top and a tab bar full width at the bottom;
/// a bar anywhere else is a container.
struct BarPlacement {
    let bands: ScreenBands

    func apply(_ roots: [Element]) -> [Element] {
        roots.map { element in
            guard !element.corrected else { return element }
            let misplaced = (element.type == .navigationBar && !bands.isTopBand(element.frame))
                || (element.type == .tabBar && !bands.isBottomBand(element.frame))
            guard misplaced else { return element }
            var container = element
            container.type = .container
            container.segments = nil
            container.children = element.children.map { child in
                var child = child
                child.role = nil
                return child
            }
            return container
        }
    }
}

/// Screen Recognition: cross-class suppression only between look-alike classes, at IoU > 0.8.
enum LookAlikes {
    static let families: [Set<ElementType>] = [
        [.button, .textField, .picker, .segmentedControl, .container],
        [.image, .container],
        [.icon, .avatar, .checkbox],
        [.toggle, .slider],
        [.label, .divider],
    ]

    static func areLookAlikes(_ a: ElementType, _ b: ElementType) -> Bool {
        a != b && families.contains { $0.contains(a) && $0.contains(b) }
    }

    static func apply(_ elements: [Element]) -> [Element] {
        guard elements.indices.contains(where: { i in elements[..<i].contains { suppress($0, elements[i]) } }) else {
            // The usual level: no two suppress each other, so every element stays where it is.
            var result = elements
            for i in result.indices where !result[i].children.isEmpty { result[i].children = apply(result[i].children) }
            return result
        }
        // Kept with its place among `elements`: a merge keeps the survivor's place (and id).
        var result: [(place: Int, element: Element)] = []
        for (place, element) in elements.enumerated().sorted(by: { (rank($0.element), $1.element.id) > (rank($1.element), $0.element.id) }) {
            if let i = result.firstIndex(where: { suppress($0.element, element) }) {
                result[i].element = Merge.union(result[i].element, element, keepType: true)
            } else {
                result.append((place, element))
            }
        }
        return result.sorted { $0.place < $1.place }.map { _, element in
            var element = element
            element.children = apply(element.children)
            return element
        }
    }

    private static func rank(_ e: Element) -> Double { e.corrected ? 2 : e.confidence }

    /// Whether `a` and `b` are one element drawn as two look-alikes (the relation is symmetric).
    private static func suppress(_ a: Element, _ b: Element) -> Bool {
        a.frame.iou(b.frame) > PostProcessor.lookAlikeOverlap && areLookAlikes(a.type, b.type)
    }
}

/// Screen Recognition's containment: A is inside B when 85% of A's area is inside B. Root
/// elements inside a container or bar become its children.
enum Containment {
    static let holders: Set<ElementType> = [.container, .navigationBar, .tabBar]

    static func apply(_ roots: [Element]) -> [Element] {
        var roots = roots
        var moved = true
        while moved {
            moved = false
            for (i, inner) in roots.enumerated() {
                let candidates = roots.indices.filter { j in
                    j != i && holders.contains(roots[j].type) && roots[j].frame.area > inner.frame.area
                        && inner.frame.fractionInside(roots[j].frame) >= 0.85
                }
                guard let j = candidates.min(by: { (roots[$0].frame.area, $0) < (roots[$1].frame.area, $1) }) else { continue }
                var holder = roots[j]
                holder.children.append(inner)
                holder.children.sort { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
                holder.strokeIds = Merge.strokes(holder.strokeIds, inner.strokeIds)
                roots[j] = holder
                roots.remove(at: i)
                moved = true
                break
            }
        }
        return roots
    }
}

/// Uniting two elements into one.
enum Merge {
    /// `a` and `b` as one element: the more confident type (or `a`'s with `keepType`), the union
    /// of boxes, strokes and children. A corrected element always keeps its type.
    static func union(_ a: Element, _ b: Element, keepType: Bool = false) -> Element {
        let aWins = keepType || a.corrected || (!b.corrected && (a.confidence, b.id) >= (b.confidence, a.id))
        var winner = aWins ? a : b
        let loser = aWins ? b : a
        winner.frame = a.frame.union(b.frame)
        winner.strokeIds = strokes(a.strokeIds, b.strokeIds)
        let known = Set(winner.children.map(\.id))
        winner.children += loser.children.filter { !known.contains($0.id) }
        winner.text = winner.text ?? loser.text
        return winner
    }

    /// The union of two stroke lists, keeping the first list's order.
    static func strokes(_ a: [String], _ b: [String]) -> [String] {
        let known = Set(a)
        return a + b.filter { !known.contains($0) }
    }
}
