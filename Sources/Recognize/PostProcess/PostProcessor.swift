import SketchModel

/// The seed app's and Screen Recognition's clean-up rules, applied in this order to the
/// composed elements of one screen (docs/design/recognize.md, step 6).
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
    /// The least confidence an element of `type` needs to stay.
    static func minimum(for type: ElementType) -> Double {
        switch type {
        case .container: 0.2
        case .label: 0.25
        case .toggle, .checkbox, .slider, .picker, .icon, .pageControl: 0.35
        case .button, .image, .textField, .segmentedControl, .avatar, .navigationBar, .tabBar, .list, .divider: 0.3
        }
    }

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
        element.corrected || element.confidence >= minimum(for: element.type)
    }

    /// Whether every element at every depth stays.
    static func keepsAll(_ elements: [Element]) -> Bool {
        elements.indices.allSatisfy { keeps(elements[$0]) && keepsAll(elements[$0].children) }
    }
}

/// Seed app: two detections that overlap by more than 85% are one element; the most confident
/// label wins and the boxes are united.
enum OverlapMerge {
    static func apply(_ elements: [Element]) -> [Element] { merged(elements) ?? elements }

    /// `elements` with overlapping siblings merged at every depth; nil when no two siblings
    /// anywhere overlap enough (the usual case: no tree is copied).
    private static func merged(_ elements: [Element]) -> [Element]? {
        var result: [Element]?
        if mergesAny(elements) {
            var level: [Element] = []
            level.reserveCapacity(elements.count)
            for element in elements {
                if let i = level.firstIndex(where: { merges($0, element) }) {
                    level[i] = Merge.union(level[i], element)
                } else {
                    level.append(element)
                }
            }
            result = level
        }
        let level = result ?? elements
        for i in level.indices where !level[i].children.isEmpty {
            guard let children = merged(level[i].children) else { continue }
            if result == nil { result = elements }
            result![i].children = children
        }
        return result
    }

    static func merges(_ a: Element, _ b: Element) -> Bool { a.frame.iou(b.frame) > PostProcessor.mergeOverlap }

    /// Whether two of `elements` overlap enough to merge.
    private static func mergesAny(_ elements: [Element]) -> Bool {
        elements.indices.contains { i in elements.indices.prefix(upTo: i).contains { merges(elements[$0], elements[i]) }
        }
    }
}

/// Seed app: at most one navigation bar and one tab bar per screen; extras merge into the most
/// confident one.
enum SingleBars {
    static func apply(_ roots: [Element]) -> [Element] {
        var roots = roots
        for type in [ElementType.navigationBar, .tabBar] {
            guard several(type, in: roots) else { continue }  // one bar or none: nothing is copied
            let bars = roots.filter { $0.type == type }
            let ranked = bars.sorted {
                ($0.corrected ? 2 : $0.confidence, $1.id) > ($1.corrected ? 2 : $1.confidence, $0.id)
            }
            let merged = ranked.dropFirst().reduce(ranked[0]) { Merge.union($0, $1, keepType: true) }
            let position = roots.firstIndex { $0.type == type }!
            roots.removeAll { $0.type == type }
            roots.insert(merged, at: min(position, roots.count))
        }
        return roots
    }

    /// Whether more than one of `roots` is of `type`.
    private static func several(_ type: ElementType, in roots: [Element]) -> Bool {
        var seen = false
        for root in roots where root.type == type {
            if seen { return true }
            seen = true
        }
        return false
    }
}

/// Seed app: a navigation bar is full width at the top and a tab bar full width at the bottom;
/// a bar anywhere else is a container.
struct BarPlacement {
    let bands: ScreenBands

    func apply(_ roots: [Element]) -> [Element] {
        guard roots.contains(where: isMisplaced) else { return roots }  // the usual case: nothing is copied
        return roots.map { element in
            guard isMisplaced(element) else { return element }
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

    /// Whether `element` is a bar (not corrected) drawn away from its band.
    func isMisplaced(_ element: Element) -> Bool {
        guard !element.corrected else { return false }
        return (element.type == .navigationBar && !bands.isTopBand(element.frame))
            || (element.type == .tabBar && !bands.isBottomBand(element.frame))
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

    static func apply(_ elements: [Element]) -> [Element] { suppressed(elements) ?? elements }

    /// `elements` with look-alikes suppressed at every depth; nil when no two siblings anywhere
    /// suppress each other (the usual case: no tree is copied).
    private static func suppressed(_ elements: [Element]) -> [Element]? {
        guard suppressesAny(elements) else {
            // No two suppress each other at this level, so every element stays where it is.
            var result: [Element]?
            for i in elements.indices where !elements[i].children.isEmpty {
                guard let children = suppressed(elements[i].children) else { continue }
                if result == nil { result = elements }
                result![i].children = children
            }
            return result
        }
        // Kept with its place among `elements`: a merge keeps the survivor's place (and id).
        var result: [(place: Int, element: Element)] = []
        for (place, element) in elements.enumerated().sorted(by: {
            (rank($0.element), $1.element.id) > (rank($1.element), $0.element.id)
        }) {
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

    /// Whether two of `elements` suppress each other.
    private static func suppressesAny(_ elements: [Element]) -> Bool {
        elements.indices.contains { i in
            elements.indices.prefix(upTo: i).contains { suppress(elements[$0], elements[i]) }
        }
    }

    /// Whether `a` and `b` are one element drawn as two look-alikes (the relation is symmetric).
    private static func suppress(_ a: Element, _ b: Element) -> Bool {
        a.frame.iou(b.frame) > PostProcessor.lookAlikeOverlap && areLookAlikes(a.type, b.type)
    }
}
