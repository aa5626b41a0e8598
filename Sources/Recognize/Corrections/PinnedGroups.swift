import SketchModel

/// Turns a group a person merged or labelled into exactly one element.
///
/// Strokes that read as writing (`read`) are a label with that text, whatever shape the
/// classifier would make of them. Other strokes are recognised on their own (grouped, classified,
/// composed): one result is the element; when one result holds the others it becomes their
/// parent; otherwise the classifier names the whole group. A `label` correction then sets the
/// type with confidence 1 and `corrected`; a type that holds no children absorbs them; the text
/// that was read stays with the element.
enum PinnedGroups {
    static func part(
        for inks: [Ink], type: ElementType?, composer: Composer, grouper: StrokeGrouper,
        classify: (StrokeGroup) -> GroupLabel,
        read: ([Ink]) -> TextFinder.Line? = { _ in nil }
    ) -> Part {
        let whole = StrokeGroup(inks)
        let writing = read(inks.sorted { $0.order < $1.order })
        let parts =
            writing.map { composer.compose([Atom(writing: $0)]) }
            ?? composer.compose(grouper.group(inks).map { Atom(group: $0, label: classify($0)) })
        var part = unify(parts, whole: whole, classify: classify, composer: composer)
        if let type {
            if !type.holdsChildren, !part.element.children.isEmpty {
                part = ElementMaker.make(type, own: inks, confidence: 1)
            }
            part.element.type = type
            part.element.confidence = 1
            part.element.corrected = true
            switch type {
            // Relabelled into a switch or a checkbox, it reads its state from the ink as a drawn
            // one does, so the code and the preview never each guess.
            case .toggle: part.element.isOn = part.element.isOn ?? LeafRules.knobIsRight(inks, frame: whole.frame)
            case .checkbox: part.element.isOn = part.element.isOn ?? (inks.count >= 2)
            default: part.element.isOn = nil
            }
            if type != .icon { part.element.symbol = nil }
            if let writing, part.element.text == nil {
                part.element.text = writing.reading.text
                part.element.textConfidence = writing.reading.confidence
            }
        }
        part.element.frame = whole.frame
        part.isPinned = true
        return part
    }

    private static func unify(
        _ parts: [Part], whole: StrokeGroup, classify: (StrokeGroup) -> GroupLabel, composer: Composer
    ) -> Part {
        if parts.count == 1, parts[0].allInks.count == whole.inks.count { return parts[0] }
        if let holder = parts.first(where: { outer in
            parts.allSatisfy { $0.element.id == outer.element.id || $0.frame.fractionInside(outer.frame) >= 0.85 }
        }),
            parts.count > 1
        {
            let others = parts.filter { $0.element.id != holder.element.id }
            var merged = holder
            if holder.type.holdsChildren {
                merged.element.children += others.map(\.element)
            }
            merged.element.strokeIds = whole.strokeIDs
            merged.allInks = whole.inks
            return merged
        }
        let atom = composer.refine(Atom(group: whole, label: classify(whole)))
        if let single = LeafRules.part(for: atom, bands: composer.bands) { return single }
        return ElementMaker.make(
            .container, own: [], children: parts, absorbed: [], confidence: 0.5, frame: whole.frame)
    }
}

/// Typed texts: each sets the text of the innermost element holding all the strokes it names
/// (or, failing that, the element sharing most of them); newer texts win.
enum TypedText {
    static func apply(_ texts: [(strokeIDs: [String], text: String)], to roots: [Element]) -> [Element] {
        var roots = roots
        for (ids, text) in texts {
            roots = set(text, for: Set(ids), in: roots)
        }
        return roots
    }

    private static func set(_ text: String, for ids: Set<String>, in roots: [Element]) -> [Element] {
        let all = roots.flatMap(\.flattened)
        let target =
            all.filter { ids.isSubset(of: $0.strokeIds) }.min {
                ($0.strokeIds.count, $0.id) < ($1.strokeIds.count, $1.id)
            }
            ?? all.max { (overlap($0, ids), $1.id) < (overlap($1, ids), $0.id) }
        guard let target, overlap(target, ids) > 0 else { return roots }
        func visit(_ element: Element) -> Element {
            var element = element
            if element.id == target.id {
                element.text = text
                element.textConfidence = nil
            }
            element.children = element.children.map(visit)
            return element
        }
        return roots.map(visit)
    }

    private static func overlap(_ element: Element, _ ids: Set<String>) -> Int {
        element.strokeIds.filter(ids.contains).count
    }
}
