/// What a recognizer remembers between recognitions, so one more stroke costs about what its
/// neighbourhood costs and a state seen before costs a lookup.
///
/// Every cache holds answers of a deterministic function of its key, so a warm recognizer gives
/// the bytes a fresh one gives (PipelineTests and IncrementalRecognitionTests check it).
struct PipelineCaches: Sendable {
    /// Measured strokes (their order is set on the way out).
    let inks = AnswerCache<StrokeKey, Ink>()
    /// Classifier answers by screen size and stroke group.
    let classifications = ClassificationCache()
    /// The geometric second opinion on a classified group (``AtomRefiner``), by the same key.
    let refinements = AnswerCache<String, RefinedReading>()
    /// Handwriting readings by the line's strokes.
    let readings = AnswerCache<String, ReadText?>()
    /// Whole-screen results by their input (a few hundred: each is a whole screen).
    let results = AnswerCache<ScreenInput, ScreenRecognition>(capacity: 256)

    /// What ``AtomRefiner`` made of a group.
    struct RefinedReading: Sendable {
        let primitive: Primitive
        let confidence: Double
    }
}
