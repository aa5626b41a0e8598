import SessionModel

/// Classifier answers keyed by stroke-group identity (the screen size and its strokes'
/// fingerprints), so after one more stroke only the groups that changed are classified again.
typealias ClassificationCache = AnswerCache<ScreenGroupKey, GroupLabel>
