import SketchModel

/// A holder atom and everything it holds, as the key of the composed parts it becomes
/// (``PipelineCaches/subtrees``): after one more stroke only the subtree that holds it is
/// composed again, every other box and leaf is reused.
///
/// An atom is known by its strokes (each ink compared in full, a pointer comparison when the
/// measurements are shared, with its place in drawing order), its frame and whether it is a line
/// of writing: the classifier's answer, the refiner's reading and a line's reading are functions
/// of these (``PipelineCaches``), so equal keys compose to equal parts. The screen size is part of
/// the key since the rules look at the screen's bands. Subtrees holding a part a correction made
/// are never cached.
struct ComposedSubtree: Hashable, Sendable {
    let width: Double
    let height: Double
    let inks: [Ink]
    let frame: Rect
    let isWriting: Bool
    /// The subtrees it holds, in the order composition visits them.
    let contents: [ComposedSubtree]

    init(_ atom: Atom, contents: [ComposedSubtree], canvas: Rect) {
        width = canvas.width
        height = canvas.height
        inks = atom.inks
        frame = atom.frame
        isWriting = atom.text != nil
        self.contents = contents
    }
}
