/// A line of handwriting read as text.
public struct ReadText: Sendable, Hashable {
    /// What was written, each word cased as a whole.
    public var text: String
    /// The probability, calibrated on writers held out from training, that `text` is right.
    public var confidence: Double
    /// Letters and digits read (spaces and punctuation not counted).
    public var letterCount: Int
    /// What the decoder knew of the reading (``ReadingConfidence``).
    public var evidence: ReadingConfidence.Evidence
    /// Whether the text is in the UI lexicon, as a phrase or word by word.
    public var fromLexicon: Bool

    /// Creates a reading.
    public init(
        text: String, confidence: Double, letterCount: Int, evidence: ReadingConfidence.Evidence, fromLexicon: Bool
    ) {
        self.text = text
        self.confidence = confidence
        self.letterCount = letterCount
        self.evidence = evidence
        self.fromLexicon = fromLexicon
    }

    /// Below this confidence the page shows the text as a guess, for one click to accept or retype.
    public static let guessBelow = 0.6
}
