import SketchModel

/// A classified stroke group: the input of composition.
///
/// The strokes and the classifier's answer never change and live in one shared box: an atom is
/// copied far more often than made (every composition step hands its atoms on as a new array).
struct Atom: Sendable {
    private let classified: Classified
    /// The strokes.
    var group: StrokeGroup { classified.group }
    /// The classifier's answer.
    var label: GroupLabel { classified.label }
    /// The pipeline's reading of it (after geometric refinement).
    var primitive: Primitive
    /// How sure the pipeline is about ``primitive``.
    var confidence: Double
    /// What the strokes say, when they are a line of handwriting.
    var text: ReadText?
    /// Whether that line is a common short word the shape classifier saw no shape in
    /// (``TextFinder/Line/isCheckedWord``): words, however cramped.
    var isCheckedWord = false

    var frame: Rect { group.frame }
    var inks: [Ink] { group.inks }

    /// Wraps a classifier answer.
    init(group: StrokeGroup, label: GroupLabel) {
        classified = Classified(group: group, label: label)
        if let best = Plausibility.best(label, frame: group.frame) {
            primitive = best.primitive
            confidence = best.probability
        } else {
            primitive = .unknown
            confidence = label.ranked.first?.probability ?? 0
        }
    }

    /// A line of handwriting: text, whatever the shape classifier would make of its strokes.
    init(writing line: TextFinder.Line) {
        classified = Classified(
            group: StrokeGroup(line.inks),
            label: GroupLabel(ranked: [LabelScore(label: "text", probability: line.reading.confidence)]))
        primitive = .squiggle
        // How sure it is text, not how sure the words are: the line already read as writing, so
        // as sure as a wave the refiner calls text (the words' doubt stays in `text`).
        confidence = max(line.reading.confidence, 0.7)
        text = line.reading
        isCheckedWord = line.isCheckedWord
    }

    private final class Classified: Sendable {
        let group: StrokeGroup
        let label: GroupLabel

        init(group: StrokeGroup, label: GroupLabel) {
            self.group = group
            self.label = label
        }
    }

    /// The longest side (points) of writing that may be too cramped to be words.
    static let crampedSide = 44.0

    /// A reading this confident is words however small they are written.
    static let sureReading = 0.8

    /// Writing too cramped to be words: three letters or more read, not surely, in a box no
    /// larger than a control's square and no wider than 1.5 times its height (a checkbox's tick
    /// read as "TIeAf").
    var isCrampedWriting: Bool {
        guard let text, !isCheckedWord, text.letterCount >= 3, text.confidence < Self.sureReading else { return false }
        return Self.isCramped(frame)
    }

    /// Whether a frame is no larger than a control's square and no wider than 1.5 times its
    /// height.
    static func isCramped(_ frame: Rect) -> Bool {
        max(frame.width, frame.height) <= crampedSide && frame.width <= 1.5 * frame.height
    }

    /// Whether the classifier's answer is weak enough to try the group together with others.
    var isUnsure: Bool { text == nil && (primitive == .unknown || confidence < 0.6) }
}
