import Foundation

/// How likely each case-blind character is after another in English words (and at a word's
/// start and end): the reader's prior for words outside its lexicon. Digits are left neutral.
public struct LetterBigrams: Sendable, Hashable {
    /// `logProbability[previous][next]` over ``GlyphLattice/caseBlind`` plus the word boundary,
    /// which is the last index.
    let logProbability: [[Double]]

    /// The index of the word boundary.
    static var boundary: Int { GlyphLattice.caseBlind.count }

    /// File name of the shipped table inside the module's `Resources` folder.
    public static let shippedName = "letter-bigrams.txt"

    /// Counts the transitions of `words` (add-one smoothed); words with other characters are skipped.
    public init(words: [Substring]) {
        let size = Self.boundary + 1
        let index = Dictionary(uniqueKeysWithValues: GlyphLattice.caseBlind.enumerated().map { ($1, $0) })
        var counts = [[Double]](repeating: [Double](repeating: 1, count: size), count: size)
        for word in words {
            let letters = word.lowercased().compactMap { $0.isLetter ? index[$0] : nil }
            guard letters.count == word.count, !letters.isEmpty else { continue }
            var previous = Self.boundary
            for letter in letters + [Self.boundary] {
                counts[previous][letter] += 1
                previous = letter
            }
        }
        logProbability = counts.map { row in
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
    }

    /// Reads the table written by ``text``.
    /// - Throws: ``ModelFileError/invalid(_:)`` when the table has the wrong shape or values.
    public init(text: String) throws {
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").compactMap { Double($0) } }
        let size = Self.boundary + 1
        guard rows.count == size, rows.allSatisfy({ $0.count == size && $0.allSatisfy { $0.isFinite && $0 <= 0 } }) else {
            throw ModelFileError.invalid("the letter bigram table must be \(size) rows of \(size) log probabilities")
        }
        logProbability = rows
    }

    /// The table as text: a comment line, then one row of log probabilities per previous character.
    public var text: String {
        "# log P(next | previous) over \(String(GlyphLattice.caseBlind)) and the word boundary; sketchctl train-glyphs writes it\n"
            + logProbability.map { $0.map { String(format: "%.4f", $0) }.joined(separator: " ") }.joined(separator: "\n") + "\n"
    }

    /// The shipped table.
    /// - Throws: ``ModelFileError`` when it is missing or invalid.
    public static func shipped() throws -> LetterBigrams {
        let text = try ShippedResource.text(shippedName)
        return try LetterBigrams(text: text)
    }

    /// The prior for `next` after `previous` (either may be the boundary) against a uniform
    /// guess among the 26 letters and the boundary, so an ordinary transition scores about 0;
    /// between digits, or a digit and the boundary, 0; a letter beside a digit inside a word is
    /// rare in what screens say ("M2x"), and scores ``mixedPenalty``.
    func score(_ previous: Int, _ next: Int) -> Double {
        let isDigit = { (i: Int) in i < 10 }
        let isLetter = { (i: Int) in i >= 10 && i < Self.boundary }
        if (isDigit(previous) && isLetter(next)) || (isLetter(previous) && isDigit(next)) { return Self.mixedPenalty }
        return isDigit(previous) || isDigit(next) ? 0 : logProbability[previous][next] + log(27.0)
    }

    /// The score of a letter next to a digit in one word.
    static let mixedPenalty = -3.0
}
