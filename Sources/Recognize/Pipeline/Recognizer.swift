import SessionModel
import SketchModel

/// Hand-drawn strokes to NOTATION elements, layout and links: the Recognize module's entry point.
///
/// Thread-safe and deterministic: the same strokes and corrections give the same result, byte
/// for byte. Incremental: measured strokes, classifier answers, refinements and readings are
/// cached by stroke group, so recognising again after one more stroke only works out the groups
/// that changed, and a screen state seen before (undo, redo) is a lookup (``PipelineCaches``).
public final class Recognizer: Sendable {
    private let pipeline: ScreenPipeline
    private let classifier: any GroupClassifying
    private let caches: PipelineCaches

    /// A recognizer over any group classifier (tests pass a table of known answers), reading
    /// handwriting with `reader` (nil: every stroke is a shape).
    public init(classifier: any GroupClassifying, reader: HandwritingReader? = nil) {
        self.classifier = classifier
        let caches = PipelineCaches()
        self.caches = caches
        pipeline = ScreenPipeline(
            classifier: classifier, caches: caches,
            textFinder: reader.map {
                TextFinder(
                    reader: $0, cache: caches.readings, groupOutlines: caches.outlines, runLines: caches.writingLines)
            })
    }

    /// Forgets what earlier recognitions worked out (results stay the same, byte for byte; the
    /// next recognition of each screen costs a full one).
    public func forgetCachedWork() { caches.removeAll() }

    /// One screen; corrections win; checks `cancellation` between stages.
    /// - Throws: `CancellationError` when `cancellation` was cancelled.
    public func recognize(
        screen: Screen, strokes: [Stroke], corrections: [Correction], cancellation: CancellationToken? = nil
    ) throws
        -> ScreenRecognition
    {
        try pipeline.recognize(screen: screen, strokes: strokes, corrections: corrections, cancellation: cancellation)
    }

    /// Every screen of a session plus screen-to-screen links (see ``LinkRule``), at `state.lastSeq`;
    /// with `applyingCorrections` false, the recognizer's own answer, as if no one had corrected it
    /// (what a dataset compares people's corrections with).
    /// - Throws: `CancellationError` when `cancellation` was cancelled.
    public func recognize(
        session state: SessionState, applyingCorrections: Bool = true, cancellation: CancellationToken? = nil
    ) throws
        -> SessionRecognition
    {
        let screens = state.screens
        var results: [ScreenRecognition] = []
        var links: [NavigationLinkSpec] = []
        for (index, screen) in screens.enumerated() {
            let strokes = state.liveStrokes(onScreen: screen.id)
            let corrections = applyingCorrections ? state.corrections(onScreen: screen.id) : []
            let candidates = screens.count > 1 ? strokes.filter { LinkRule.isCandidate($0, on: screen) } : []
            let candidateIDs = Set(candidates.map(\.id))
            var result = try recognize(
                screen: screen, strokes: strokes.filter { !candidateIDs.contains($0.id) }, corrections: corrections,
                cancellation: cancellation)
            var ordinary: [String] = []
            for stroke in candidates {
                guard let first = stroke.points.first,
                    let target = LinkRule.destination(of: stroke, from: index, in: screens),
                    let source = LinkRule.sourceElement(at: first.x, first.y, in: result.elements)
                else {
                    ordinary.append(stroke.id)
                    continue
                }
                links.append(
                    NavigationLinkSpec(
                        fromScreen: screen.id, fromElement: source.id, toScreen: screens[target].id, strokeId: stroke.id
                    ))
            }
            if !ordinary.isEmpty {
                let linkIDs = candidateIDs.subtracting(ordinary)
                result = try recognize(
                    screen: screen, strokes: strokes.filter { !linkIDs.contains($0.id) }, corrections: corrections,
                    cancellation: cancellation)
            }
            results.append(result)
        }
        return SessionRecognition(
            seq: state.lastSeq, screens: results, links: links, theme: state.theme, title: state.sessionTitle)
    }
}
