/// What applying one event did, for acknowledgements and conflict reports.
public enum FoldOutcome: Hashable, Sendable {
    /// The action took effect.
    case applied
    /// The author's action at `undoneSeq` was reverted. `overlaps` lists later, still active
    /// actions of other authors on the same strokes: they stay in the log and take effect again
    /// if the author redoes.
    case undid(undoneSeq: Int64, overlaps: [Int64])
    /// The author's action at `redoneSeq` was re-applied.
    case redid(redoneSeq: Int64)
    /// Undo with an empty undo stack, or redo with an empty redo stack: nothing changed.
    case nothingToUndo
    /// The event had no effect (for example a stroke id that already exists); the reason says why.
    case noEffect(String)
}
