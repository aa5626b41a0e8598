import Foundation
import SketchModel
import StrokeLog

/// Reads a line of handwriting: splits it into words at spaces, cuts each word into characters
/// and reads them (``GlyphLattice``, ``WordDecoder``), prefers a lexicon word when the ink
/// supports it nearly as well as the best free reading, and cases the letters (``LetterCase``).
public struct HandwritingReader: Sendable {
    /// The glyph classifier.
    public let glyphs: GlyphClassifier
    /// The UI words.
    public let lexicon: Lexicon
    /// Letter transitions of English, for words outside the lexicon.
    public let bigrams: LetterBigrams
    /// How much worse (log-likelihood) a lexicon word may score than the free reading and still
    /// be chosen: a constant plus an allowance per letter.
    public var lexiconMargin = (base: 2.0, perLetter: 0.6)
    /// How much the letter prior counts against the glyph classifier, for words outside the lexicon.
    public var priorWeight = 0.5

    /// Creates a reader.
    public init(glyphs: GlyphClassifier, lexicon: Lexicon, bigrams: LetterBigrams) {
        self.glyphs = glyphs
        self.lexicon = lexicon
        self.bigrams = bigrams
    }

    /// The shipped model, word list and letter table.
    /// - Throws: ``ModelFileError`` when either is missing or invalid.
    public static func shipped() throws -> HandwritingReader {
        HandwritingReader(glyphs: try GlyphClassifier.shipped(), lexicon: try Lexicon.shipped(), bigrams: try LetterBigrams.shipped())
    }

    /// Reads `strokes` (one line, in drawing order); nil when there is nothing to read.
    public func read(_ strokes: [[Point2]]) -> ReadText? { read(strokes, glyphReadings: nil) }

    /// Reads `strokes` as ``read(_:)`` does, taking what the glyph classifier makes of each run of
    /// strokes from `glyphReadings` when it read that run before (``GlyphReadings``); nil without
    /// decoding when every candidate character is no character with more than `noneAbove`
    /// (a reading's no-character share is the mean of its characters': it would be over too).
    func read(_ strokes: [[Point2]], glyphReadings: GlyphReadings?, noneAbove: Double? = nil) -> ReadText? {
        let kept = strokes.indices.map { strokes[$0].filter { $0.x.isFinite && $0.y.isFinite } }.enumerated().filter { !$1.isEmpty }
        let finite = kept.map(\.element), originals = kept.map(\.offset)
        guard !finite.isEmpty else { return nil }
        let boxes = finite.map { stroke -> Rect in
            let b = [stroke].bounds!
            return Rect(minX: b.min.x, minY: b.min.y, maxX: b.max.x, maxY: b.max.y)
        }
        let line = LineGeometry(boxes: boxes)
        let lattices = line.words.map { word in
            let wordStrokes = word.map { finite[$0] }, keys = glyphReadings.map { readings in word.map { readings.fingerprints[originals[$0]] } }
            func glyphs(_ range: Range<Int>) -> GlyphReading {
                guard let keys, let cache = glyphReadings?.cache else { return self.glyphs.read(Array(wordStrokes[range])) }
                return cache.answer(for: Array(keys[range])) { self.glyphs.read(Array(wordStrokes[range])) }
            }
            return GlyphLattice(strokeCount: word.count, boxes: word.map { boxes[$0] }, letterHeight: line.letterHeight, glyphs: self.glyphs.model.glyphs, read: glyphs)
        }
        // A margin keeps the mean of shares each over `noneAbove` over it after rounding.
        if let noneAbove, lattices.allSatisfy({ $0.cutsEnding.allSatisfy { $0.allSatisfy { $0.reading.none > noneAbove + 1e-9 } } }) { return nil }
        var words: [String] = [], logConfidence = 0.0, letters = 0, none = 0.0, allLexicon = true
        for lattice in lattices {
            guard let reading = readWord(lattice) else { return nil }
            words.append(reading.text)
            logConfidence += reading.logConfidence
            letters += reading.letters
            none += reading.none
            allLexicon = allLexicon && reading.fromLexicon
        }
        guard letters > 0 else { return nil }
        let geometric = exp(logConfidence / Double(letters))
        return ReadText(
            text: words.joined(separator: " "), confidence: allLexicon ? 1 - (1 - geometric) / 2 : geometric, letterCount: letters,
            noneProbability: none / Double(letters), fromLexicon: allLexicon)
    }

    private struct WordReading {
        var text: String
        var logConfidence: Double
        var letters: Int
        var none: Double
        var fromLexicon: Bool
    }

    private func readWord(_ lattice: GlyphLattice) -> WordReading? {
        let decoder = WordDecoder()
        guard let free = decoder.free(lattice, bigrams: bigrams, priorWeight: priorWeight) else { return nil }
        var chosen = free, spelling: [Character]? = nil
        var bestLexicon: (path: WordDecoder.Path, spelling: [Character])?
        let fewest = (lattice.strokeCount + GlyphLattice.maxStrokes - 1) / GlyphLattice.maxStrokes
        for entry in lexicon.entries where entry.blind.count >= fewest && entry.blind.count <= lattice.strokeCount {
            guard let path = decoder.spelling(entry.blind, in: lattice) else { continue }
            if path.score > (bestLexicon?.path.score ?? -.infinity) { bestLexicon = (path, entry.spelling) }
        }
        if let bestLexicon, bestLexicon.path.score >= free.score - lexiconMargin.base - lexiconMargin.perLetter * Double(bestLexicon.spelling.count) {
            chosen = bestLexicon.path
            spelling = bestLexicon.spelling
        }
        var letters = chosen.letters.map { GlyphLattice.caseBlind[$0] }
        if spelling == nil { letters = DigitRun.coerce(letters) }
        let text = LetterCase.apply(letters, cuts: chosen.cuts, glyphs: glyphs.model.glyphs, spelling: spelling)
        let logConfidence = zip(chosen.cuts, chosen.letters).reduce(0.0) { $0 + log(max($1.0.blind[$1.1], 1e-6)) }
        let none = chosen.cuts.reduce(0.0) { $0 + $1.reading.none }
        return WordReading(text: text, logConfidence: logConfidence, letters: chosen.cuts.count, none: none, fromLexicon: spelling != nil)
    }
}

/// What the glyph classifier made of runs of a line's strokes, by the run's strokes (their
/// fingerprints in drawing order): a function of their points alone, so reading a line again
/// after one more stroke or an undo classifies only the runs it did not hold before.
struct GlyphReadings {
    let cache: AnswerCache<[UInt64], GlyphReading>
    /// The fingerprint of each stroke of the line being read (``MeasuredStroke/fingerprint``).
    let fingerprints: [UInt64]
}

/// A word written mostly in digits is a number: letters that look like digits become them.
enum DigitRun {
    static let lookAlikes: [Character: Character] = ["o": "0", "i": "1", "l": "1", "z": "2", "s": "5", "b": "8", "g": "9", "q": "9"]

    static func coerce(_ letters: [Character]) -> [Character] {
        let digits = letters.filter(\.isNumber).count
        guard digits * 2 >= letters.count, digits > 0 else { return letters }
        return letters.map { lookAlikes[$0] ?? $0 }
    }
}
