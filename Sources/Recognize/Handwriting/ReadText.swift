/// A line of handwriting read as text.
public struct ReadText: Sendable, Hashable {
    /// What was written, case kept as read.
    public var text: String
    /// How sure the reader is, 0...1: the geometric mean of the letters' probabilities, with the
    /// doubt halved when the words are in the UI lexicon.
    public var confidence: Double
    /// Letters read (spaces not counted).
    public var letterCount: Int
    /// The mean probability, over the letters, that the strokes are no character at all.
    public var noneProbability: Double
    /// Whether every word came from the lexicon.
    public var fromLexicon: Bool

    /// Creates a reading.
    public init(text: String, confidence: Double, letterCount: Int, noneProbability: Double, fromLexicon: Bool) {
        self.text = text
        self.confidence = confidence
        self.letterCount = letterCount
        self.noneProbability = noneProbability
        self.fromLexicon = fromLexicon
    }

    /// Below this confidence the page shows the text as a guess, for one click to accept or retype.
    public static let guessBelow = 0.6
}
