import SessionModel
import SketchModel

/// What a recognizer remembers between recognitions, so one more stroke costs about what its
/// neighbourhood costs and a state seen before costs a lookup.
///
/// Every cache holds answers of a deterministic function of its key, so a warm recognizer gives
/// the bytes a fresh one gives (PipelineTests and IncrementalRecognitionTests check it).
/// Capacities are per generation (twice as many are kept at most), sized for a node of a few
/// hundred open sessions of 40-element screens (about 90 strokes and 50 groups each): the
/// largest entries (a screen's result, a stroke's points, a group's ranked classes) get the
/// smallest counts, so the caches stay within some tens of MiB.
struct PipelineCaches: Sendable {
    /// Measured strokes.
    let inks = AnswerCache<StrokeKey, MeasuredStroke>(capacity: 16_384)
    /// Classifier answers by screen size and stroke group.
    let classifications = ClassificationCache(capacity: 16_384)
    /// The geometric second opinion on a classified group (``AtomRefiner``), by the same key.
    let refinements = AnswerCache<ScreenGroupKey, RefinedReading>(capacity: 16_384)
    /// Handwriting readings by the line's strokes in drawing order.
    let readings = AnswerCache<[UInt64], ReadText?>(capacity: 16_384)
    /// The strokes drawing a group as one box's outline, for the handwriting finder
    /// (``TextFinder/outlineSides(of:)``), by the group's strokes.
    let outlines = AnswerCache<GroupKey, [UInt64]>(capacity: 16_384)
    /// The lines of writing a run of letter-sized strokes makes (``TextFinder``), by its strokes.
    let writingLines = AnswerCache<[Ink], [TextFinder.Line]>(capacity: 16_384)
    /// Composed boxes and leaves by what they are made of (``ComposedSubtree``).
    let subtrees = AnswerCache<ComposedSubtree, [Part]>(capacity: 2048)
    /// Whole-screen results by their input.
    let results = AnswerCache<ScreenInput, ScreenRecognition>(capacity: 64)

    /// Forgets every answer: a node with no open session keeps none for sessions that left.
    func removeAll() {
        inks.removeAll()
        classifications.removeAll()
        refinements.removeAll()
        readings.removeAll()
        outlines.removeAll()
        writingLines.removeAll()
        subtrees.removeAll()
        results.removeAll()
    }

    /// What ``AtomRefiner`` made of a group.
    struct RefinedReading: Sendable {
        let primitive: Primitive
        let confidence: Double
    }
}
