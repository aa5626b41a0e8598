import SessionModel
import SketchModel

/// Composes NOTATION elements from classified stroke groups.
///
/// 1. Strokes of a box's drawing grouped with what it holds go back to the box (``OutlineLeftovers``).
///    Small groups the classifier is unsure about are classified together with what they hold,
///    and a small drawing's side drawn apart joins it (``DetachedSides``);
///    geometry refines the classifier where shapes are built from several simple strokes.
/// 2. Every group finds its parent: the smallest rectangle or circle that holds it.
/// 3. Bottom up, each holder is composed with its (already composed) contents by ``BoxRules``;
///    groups that hold nothing become leaves by ``LeafRules``.
/// 4. On every level, squiggles join into paragraphs, dots into page controls, knobs and track
///    pieces into sliders, similar rows into lists; at the top level, lines near the top or bottom become bars.
///
/// A box or leaf whose subtree was composed before (``ComposedSubtree``) is reused from `subtrees`.
struct Composer {
    let bands: ScreenBands
    /// Classifies a box together with its contents.
    let classifyWhole: (StrokeGroup) -> GroupLabel
    /// The geometric second opinion on a classified atom (``AtomRefiner/refine(_:)``, or a cache of it).
    let refine: (Atom) -> Atom

    let canvas: Rect
    /// Parts composed before, by subtree (nil: compose every subtree).
    let subtrees: AnswerCache<ComposedSubtree, [Part]>?

    init(
        canvas: Rect, classifyWhole: @escaping (StrokeGroup) -> GroupLabel,
        subtrees: AnswerCache<ComposedSubtree, [Part]>? = nil,
        refine: @escaping (Atom) -> Atom = AtomRefiner.refine
    ) {
        bands = ScreenBands(canvas: canvas)
        self.canvas = canvas
        self.classifyWhole = classifyWhole
        self.subtrees = subtrees
        self.refine = refine
    }

    /// Composes `atoms` plus `fixed` parts (groups a correction already made into elements).
    func compose(_ atoms: [Atom], fixed: [Part] = []) -> [Part] {
        // Cramped writing is a drawing the reader took for words: the classifier names it instead.
        let shapes = atoms.map { $0.isCrampedWriting ? Atom(group: $0.group, label: classifyWhole($0.group)) : $0 }
        let unsure = UnsureGroups.merge(
            OutlineLeftovers.reassign(shapes, classify: classifyWhole), classify: classifyWhole)
        let atoms = DetachedSides.merge(unsure, classify: classifyWhole).map(refine)
        let holders = atoms.indices.filter { atoms[$0].primitive.isContainerShape }
        // Every atom asks every holder: what `Rect.holds` works out about a holder, once.
        let reaches = holders.map { HolderReach(atoms[$0].frame) }
        func parent(of frame: Rect, excluding index: Int?) -> Int? {
            var smallest: (area: Double, index: Int)?
            for (k, h) in holders.enumerated() where h != index && reaches[k].holds(frame) {
                let candidate = (area: reaches[k].area, index: h)
                if smallest.map({ candidate < $0 }) ?? true { smallest = candidate }
            }
            return smallest?.index
        }
        var childAtoms = [[Int]](repeating: [], count: atoms.count)
        var childFixed = [[Part]](repeating: [], count: atoms.count)
        var rootAtoms: [Int] = []
        var rootFixed: [Part] = []
        for i in atoms.indices {
            if let p = parent(of: atoms[i].frame, excluding: i) { childAtoms[p].append(i) } else { rootAtoms.append(i) }
        }
        for part in fixed {
            if let p = parent(of: part.frame, excluding: nil) {
                childFixed[p].append(part)
            } else {
                rootFixed.append(part)
            }
        }
        let boxRules = BoxRules(bands: bands, classifyWhole: classifyWhole)
        var keys = [ComposedSubtree?](repeating: nil, count: atoms.count)
        func key(_ i: Int) -> ComposedSubtree? {
            guard childFixed[i].isEmpty else { return nil }
            if let known = keys[i] { return known }
            var contents: [ComposedSubtree] = []
            for child in childAtoms[i] {
                guard let inner = key(child) else { return nil }
                contents.append(inner)
            }
            keys[i] = ComposedSubtree(atoms[i], contents: contents, canvas: canvas)
            return keys[i]
        }
        func build(_ i: Int) -> [Part] {
            guard let subtrees, let key = key(i) else { return composeSubtree(i) }
            return subtrees.answer(for: key) { composeSubtree(i) }
        }
        func composeSubtree(_ i: Int) -> [Part] {
            let contents = childAtoms[i].flatMap(build) + childFixed[i]
            guard !contents.isEmpty else { return LeafRules.part(for: atoms[i], bands: bands).map { [$0] } ?? [] }
            let level = levelRules(contents, atRoot: false)
            guard !level.isEmpty else { return LeafRules.part(for: atoms[i], bands: bands).map { [$0] } ?? [] }
            return [boxRules.compose(box: atoms[i], parts: level)]
        }
        let roots = rootAtoms.flatMap(build) + rootFixed
        return levelRules(roots, atRoot: true).filter { !$0.isDot }
    }

    /// The rules that look at siblings: paragraphs, page controls, bars drawn as lines, lists.
    private func levelRules(_ parts: [Part], atRoot: Bool) -> [Part] {
        var parts = SliderParts.collect(PageControls.collect(TextLines.join(KnobbedTracks.collect(parts))))
        if atRoot { parts = BarLines(bands: bands).apply(parts) }
        return Lists.collect(parts, bands: bands)
    }
}
