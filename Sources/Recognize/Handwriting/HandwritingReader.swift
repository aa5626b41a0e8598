import Foundation
import SessionModel

/// Reads handwriting as it was written: the whole pen trajectory of a line (print with pen lifts
/// inside letters, or joined-up) goes through the ink reader's network without being cut into
/// letters (``InkReaderModel``, ``InkNetwork``), and CTC beam search decodes it twice, freely and
/// held to the lexicon's words. The lexicon reading wins when the ink supports it nearly as well;
/// each word is then cased as a whole (``WordCase``) and the reading's confidence is calibrated on
/// writers held out from training (``ReadingConfidence``).
public struct HandwritingReader: Sendable {
    /// The network.
    let network: InkNetwork
    let alphabet: BlindAlphabet
    /// The UI words and the English words, case-blind.
    let trie: WordTrie
    /// The UI words alone (counted as the lexicon for ``ReadText/fromLexicon``).
    public let lexicon: Lexicon
    /// How common English words are.
    public let frequencies: WordFrequencies
    /// How much less likely (natural log) a lexicon reading may be than the free one and still be
    /// chosen: a constant plus an allowance per letter.
    public var lexiconMargin = (base: 2.0, perLetter: 0.7)
    /// Beam width of the search.
    public var beamWidth = 16
    /// How much a word's being common counts in the lexicon reading: natural log per Zipf unit
    /// (``WordFrequencies``), so "the" outweighs "tee" where the ink is unsure between them.
    public var wordPriorWeight: Float = 0.8

    /// The least Zipf value a UI lexicon word counts as (screens say "Login" far more often
    /// than books do), and the value of a word `frequencies` does not know.
    static let uiWordZipf: Float = 4
    static let unknownWordZipf: Float = 1

    /// A reader of `model` that prefers `lexicon`'s and `words`' words, the common ones of them
    /// by `frequencies`.
    public init(model: InkReaderModel, lexicon: Lexicon, words: [String], frequencies: WordFrequencies) {
        network = InkNetwork(model: model)
        alphabet = BlindAlphabet(charset: model.charset)
        self.lexicon = lexicon
        self.frequencies = frequencies
        let uiWords = lexicon.words.flatMap { $0.split(separator: " ").map(String.init) }
        let ui = Set(uiWords.map { $0.lowercased() })
        trie = WordTrie(words: uiWords + words, alphabet: alphabet) { word in
            let zipf = frequencies.zipf(of: word) ?? Self.unknownWordZipf
            return ui.contains(word.lowercased()) ? max(zipf, Self.uiWordZipf) : zipf
        }
    }

    /// The shipped model, UI lexicon, English word list and word frequencies.
    /// - Throws: ``ModelFileError`` when one is missing or invalid.
    public static func shipped() throws -> HandwritingReader {
        try shipped(model: try InkReaderModel.shipped())
    }

    /// `model` with the shipped UI lexicon, English word list and word frequencies.
    /// - Throws: ``ModelFileError`` when one is missing or invalid.
    public static func shipped(model: InkReaderModel) throws -> HandwritingReader {
        HandwritingReader(
            model: model, lexicon: try Lexicon.shipped(), words: try EnglishWords.shipped(),
            frequencies: try WordFrequencies.shipped())
    }

    /// The model read with.
    public var model: InkReaderModel { network.model }

    /// Reads `strokes` (one line, in drawing order); nil when there is nothing to read.
    public func read(_ strokes: [[Point2]]) -> ReadText? {
        let rows = InkFeatures.rows(strokes)
        guard rows.count >= 2 * InkFeatures.count else { return nil }
        let output = network.logProbabilities(rows)
        let blind = blindFrames(output)
        var search = CTCBeamSearch(frames: blind, alphabet: alphabet)
        search.beamWidth = beamWidth
        search.wordPriorWeight = wordPriorWeight
        let free = search.search(trie: nil)
        guard let bestFree = free.first else { return nil }
        let lexical = search.search(trie: trie).first
        var chosen = bestFree
        var fromWords = false
        if let lexical {
            let letters = Double(lexical.symbols.count)
            if Double(lexical.logProbability) >= Double(bestFree.logProbability) - lexiconMargin.base - lexiconMargin
                .perLetter * letters
            {
                chosen = lexical
                fromWords = true
            }
        }
        let text = cased(chosen.symbols, frames: blind, output: output)
        let letterCount = text.filter { $0.isLetter || $0.isNumber }.count
        guard letterCount > 0 else { return nil }
        let others = free.filter { $0.symbols != chosen.symbols }.map(\.logProbability)
        let share = Double(
            expf(chosen.logProbability - others.reduce(chosen.logProbability) { CTCBeamSearch.add($0, $1) }))
        let evidence = ReadingConfidence.Evidence(
            share: share, fromWords: fromWords, perFrame: Double(chosen.logProbability) / Double(max(blind.count, 1)),
            letters: letterCount)
        let inLexicon = lexicon.contains(text) || text.split(separator: " ").allSatisfy { lexicon.contains(String($0)) }
        return ReadText(
            text: text, confidence: ReadingConfidence(model.header.calibration).probability(evidence),
            letterCount: letterCount,
            evidence: evidence, fromLexicon: inLexicon)
    }

    /// Per frame, each blind symbol's log-probability: its classes' summed.
    private func blindFrames(_ output: CTCFrames) -> [[Float]] {
        let symbols = alphabet.count
        return alphabet.classList.withUnsafeBufferPointer { classList in
            alphabet.classStart.withUnsafeBufferPointer { classStart in
                output.values.withUnsafeBufferPointer { values in
                    (0..<output.count).map { t in
                        let frame = values.baseAddress! + t * output.classes
                        return [Float](unsafeUninitializedCapacity: symbols) { row, count in
                            for s in 0..<symbols {
                                var sum = -Float.infinity
                                for k in classStart[s]..<classStart[s + 1] {
                                    sum = CTCBeamSearch.add(sum, frame[classList[k]])
                                }
                                row[s] = sum
                            }
                            count = symbols
                        }
                    }
                }
            }
        }
    }

    /// The text of `symbols`, each word cased as a whole from the frames aligned to its letters.
    private func cased(_ symbols: [Int], frames: [[Float]], output: CTCFrames) -> String {
        let alignment = CTCAlignment.viterbi(symbols: symbols, frames: frames)
        var upper = [Double?](repeating: nil, count: symbols.count)
        for (i, s) in symbols.enumerated() {
            guard let classes = alphabet.caseClasses[s] else { continue }
            var u = 0.0
            var l = 0.0
            for t in alignment[i] {
                u += Double(expf(output[t, classes.upper]))
                l += Double(expf(output[t, classes.lower]))
            }
            upper[i] = u + l > 0 ? u / (u + l) : 0.5
        }
        var words: [String] = []
        var start = 0
        for end in symbols.indices.map({ $0 + 1 }) where end == symbols.count || symbols[end] == alphabet.space {
            let range = start..<end
            let characters = range.map { alphabet.characters[symbols[$0]] }
            let spelling = trie.spelling(of: range.map { symbols[$0] })
            words.append(WordCase.cased(characters, upperProbabilities: Array(upper[range]), spelling: spelling))
            start = end + 1
        }
        return words.joined(separator: " ")
    }
}
