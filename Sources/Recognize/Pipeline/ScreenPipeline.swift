import SessionModel
import SketchModel

/// The stages of recognising one screen, in order; ``Recognizer`` is the public face.
///
/// strokes -> (corrections) -> lines of writing, read -> groups -> classified atoms -> composed elements -> post-processed
/// -> typed texts -> snapped frames -> layout and reading order. Cancellation is checked between
/// stages. What earlier recognitions worked out is reused from ``PipelineCaches``.
struct ScreenPipeline: Sendable {
    let classifier: any GroupClassifying
    let caches: PipelineCaches
    /// Finds and reads handwriting; nil: every stroke is a shape (tests of composition).
    let textFinder: TextFinder?
    var grouper = StrokeGrouper()

    func recognize(screen: Screen, strokes: [Stroke], corrections: [Correction], cancellation: CancellationToken?)
        throws -> ScreenRecognition
    {
        try cancellation?.check()
        let inks = strokes.enumerated().map { order, stroke in
            Ink(measured: caches.inks.answer(for: StrokeKey(stroke: stroke)) { MeasuredStroke(stroke) }, order: order)
        }
        let input = ScreenInput(
            screen: screen, strokes: strokes, corrections: corrections, fingerprints: inks.map(\.fingerprint))
        return try caches.results.answer(for: input) {
            try recognize(screen: screen, inks: inks, corrections: corrections, cancellation: cancellation)
        }
    }

    private func recognize(screen: Screen, inks: [Ink], corrections: [Correction], cancellation: CancellationToken?)
        throws -> ScreenRecognition
    {
        let canvas = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        // Without corrections every stroke is free: no stroke id is hashed.
        let plan = CorrectionPlan(corrections, liveStrokeIDs: corrections.isEmpty ? [] : Set(inks.map(\.id)))
        let pinnedIDs = plan.pinnedStrokeIDs
        let usable = plan.ignored.isEmpty ? inks : inks.filter { !plan.ignored.contains($0.id) }
        let free =
            plan.split.isEmpty && pinnedIDs.isEmpty
            ? usable : usable.filter { !plan.split.contains($0.id) && !pinnedIDs.contains($0.id) }
        let grouping = StrokeGrouping(free, by: grouper)
        var writing: [TextFinder.Line] = []
        var vetoed: [TextFinder.Line] = []
        for line in textFinder?.lines(in: free, groups: grouping.groups) ?? [] {
            if isWriting(line, canvas: canvas) { writing.append(line) } else { vetoed.append(line) }
        }
        let classify = { (group: StrokeGroup) in self.classify(group, canvas: canvas) }
        let composer = Composer(canvas: canvas, classifyWhole: classify, subtrees: caches.subtrees) {
            self.refine($0, canvas: canvas)
        }
        let singles =
            plan.split.isEmpty
            ? []
            : usable.filter { plan.split.contains($0.id) }.map {
                CorrectionPlan.PinnedGroup(strokeIDs: [$0.id], type: nil)
            }
        let pinnedGroups = plan.pinned + singles
        let byID = pinnedGroups.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: usable.map { ($0.id, $0) })
        let fixed = pinnedGroups.compactMap { pinned -> Part? in
            let members = pinned.strokeIDs.compactMap { byID[$0] }
            guard !members.isEmpty else { return nil }
            return PinnedGroups.part(
                for: members, type: pinned.type, composer: composer, grouper: grouper, classify: classify,
                read: { inks in textFinder?.writingLine(inks).flatMap { isWriting($0, canvas: canvas) ? $0 : nil } })
        }
        func compose(_ writing: [TextFinder.Line]) throws -> (atoms: [Atom], elements: [Element]) {
            let groups = grouping.groups(leavingOut: Set(writing.flatMap { $0.inks.map(\.id) }))
            try cancellation?.check()
            let atoms = (groups.map { Atom(group: $0, label: classify($0)) } + writing.map(Atom.init(writing:)))
                .sorted { $0.group.firstOrder < $1.group.firstOrder }
            try cancellation?.check()
            let parts = composer.compose(atoms, fixed: fixed)
            try cancellation?.check()
            return (atoms, PostProcessor(bands: ScreenBands(canvas: canvas)).run(parts.map(\.element)))
        }
        var (atoms, elements) = try compose(writing)
        let unshown = Self.unshown(vetoed, among: elements)
        if !unshown.isEmpty { (atoms, elements) = try compose(writing + unshown) }
        elements = TypedText.apply(plan.texts, to: elements)
        FrameSnapping.snap(&elements, in: canvas, snappedParent: nil)
        elements.sort { ($0.frame.minY, $0.frame.minX, $0.id) < ($1.frame.minY, $1.frame.minX, $1.id) }
        elements = UniqueIDs.apply(elements)
        try cancellation?.check()

        // Layout frames change no id or frame: the roots' XY-cut serves the reading order too.
        let xyCut = StackInference.xyCut(elements)
        let layout = StackInference.layout(of: elements, in: canvas, xyCut: xyCut)
        LayoutFrameResolver(screen: canvas).fill(uniquelyIdentified: &elements, layout: layout)
        let kept = Self.strokeIDs(of: elements)
        let detections = atoms.map { Detections.make($0, kept: kept) }
        return ScreenRecognition(
            screen: screen, elements: elements, layout: layout, readingOrder: ReadingOrder.of(elements, xyCut: xyCut),
            detections: detections)
    }

    /// The lines of `vetoed` (words a shape outweighed) none of whose strokes is in `elements`:
    /// the shape made no element (a drop-down's arrow with no box around it, "but" joined up), so
    /// the word stands.
    static func unshown(_ vetoed: [TextFinder.Line], among elements: [Element]) -> [TextFinder.Line] {
        guard !vetoed.isEmpty else { return [] }
        let shown = strokeIDs(of: elements)
        return vetoed.filter { line in line.inks.allSatisfy { !shown.contains($0.id) } }
    }

    /// The ids of the strokes `elements` and their children are made of.
    static func strokeIDs(of elements: [Element]) -> Set<String> {
        var ids = Set<String>()
        func add(_ element: Element) {
            ids.formUnion(element.strokeIds)
            element.children.forEach(add)
        }
        elements.forEach(add)
        return ids
    }

    /// Whether a line the finder read is writing: a short word read unsurely only when the
    /// classifier, shown its strokes as one group, sees no shape it knows there (an icon, a
    /// switch, a checkbox read as "to" or "on").
    func isWriting(_ line: TextFinder.Line, canvas: Rect) -> Bool {
        guard line.needsShapeCheck else { return true }
        let label = classify(StrokeGroup(line.inks), canvas: canvas)
        return label.isUnknown || [.squiggle, .dot].contains(Primitive(label: label.best.label))
            || label.best.probability < max(Self.sureShape, line.reading.confidence + Self.shapeMargin)
    }

    /// A classifier's answer at least this sure, and ``shapeMargin`` surer than the reading, is a
    /// shape, whatever a short word's reading says.
    static let sureShape = 0.7
    /// How much surer of its shape than the reader of its word the classifier must be: pictograms
    /// read as words ("to" for a plus) are shapes at 0.86 or more where they read at 0.8 at most;
    /// written pairs read at 0.8 or more are taken for a shape at 0.7 to 0.86 ("is" as a play mark).
    static let shapeMargin = 0.1

    /// The classifier's answer for a group, from the cache when the group was seen before.
    func classify(_ group: StrokeGroup, canvas: Rect) -> GroupLabel {
        caches.classifications.answer(for: Self.key(of: group, canvas: canvas)) {
            classifier.classify(group.inks.map(\.points), frame: canvas)
        }
    }

    /// ``AtomRefiner``'s reading of a classified group, from the cache when the group was seen
    /// before (its label is the classifier's answer for the group, so the key is the same).
    func refine(_ atom: Atom, canvas: Rect) -> Atom {
        guard atom.text == nil else { return atom }
        let reading = caches.refinements.answer(for: Self.key(of: atom.group, canvas: canvas)) {
            let refined = AtomRefiner.refine(atom)
            return PipelineCaches.RefinedReading(primitive: refined.primitive, confidence: refined.confidence)
        }
        var refined = atom
        refined.primitive = reading.primitive
        refined.confidence = reading.confidence
        return refined
    }

    private static func key(of group: StrokeGroup, canvas: Rect) -> ScreenGroupKey {
        ScreenGroupKey(width: canvas.width, height: canvas.height, group: group.key)
    }
}

/// Raw detections for the debug view.
enum Detections {
    static func make(_ atom: Atom, kept: Set<String>) -> Detection {
        let best = atom.label.best
        let strokeIDs = atom.group.strokeIDs
        return Detection(
            strokeIds: strokeIDs, frame: atom.frame, label: best.label, confidence: best.probability,
            alternatives: Array(atom.label.ranked.dropFirst(atom.label.isUnknown ? 0 : 1).prefix(3)),
            kept: strokeIDs.contains(where: kept.contains))
    }
}

/// Element ids are unique on a screen: a rare clash (two aggregates anchored on one stroke) gets
/// a numbered suffix, in a deterministic order.
enum UniqueIDs {
    static func apply(_ roots: [Element]) -> [Element] {
        let total = roots.reduce(0) { $0 + $1.treeSize }
        var ids = Set<String>(minimumCapacity: total)
        func allNew(_ elements: [Element]) -> Bool {
            for index in elements.indices {
                guard ids.insert(elements[index].id).inserted, allNew(elements[index].children) else { return false }
            }
            return true
        }
        guard !allNew(roots) else { return roots }  // no clash: nothing to rename
        var seen: [String: Int] = [:]
        func visit(_ element: Element) -> Element {
            var element = element
            let count = seen[element.id, default: 0]
            seen[element.id] = count + 1
            if count > 0 { element.id += "-\(count + 1)" }
            element.children = element.children.map(visit)
            return element
        }
        return roots.map(visit)
    }
}
