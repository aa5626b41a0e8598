/// Chooses upper or lower case for each letter of a read word.
///
/// The classifier tells `a` from `A`; for letters whose two cases share one shape (c, o, s, u,
/// v, w, x, z, and p and y by their tops) only size and position can: where the word's letters
/// differ in height, one whose top reaches the cap line is upper case. On a word of even
/// letters, those follow the lexicon's spelling, or else the classifier.
enum LetterCase {
    static let sameShape: Set<Character> = ["c", "o", "s", "u", "v", "w", "x", "z", "p", "y"]

    /// The word's letters, cased.
    /// - Parameters:
    ///   - letters: case-blind characters, one per cut.
    ///   - cuts: the cuts they were read from.
    ///   - spelling: the lexicon's spelling, when the word came from it.
    static func apply(_ letters: [Character], cuts: [GlyphLattice.Cut], glyphs: [Character], spelling: [Character]?) -> String {
        let capTop = cuts.map(\.frame.minY).min() ?? 0
        let tallest = cuts.map(\.frame.height).max() ?? 1
        let uneven = (cuts.map(\.frame.height).min() ?? tallest) < 0.72 * tallest
        var out = ""
        for (k, letter) in letters.enumerated() {
            guard letter.isLetter else {
                out.append(letter)
                continue
            }
            let upper = Character(letter.uppercased()), lower = Character(letter.lowercased())
            let cut = cuts[k]
            let pUpper = glyphs.firstIndex(of: upper).map { cut.reading.probabilities[$0] } ?? 0
            let pLower = glyphs.firstIndex(of: lower).map { cut.reading.probabilities[$0] } ?? 0
            if spelling == nil, lower == "i", pUpper > pLower, k > 0, out.last?.isLowercase == true {
                // A bar after lower-case letters is an l, not a capital I.
                out.append("l")
            } else if sameShape.contains(lower), uneven {
                out.append(cut.frame.minY <= capTop + 0.25 * tallest ? upper : lower)
            } else if sameShape.contains(lower), let spelling, k < spelling.count {
                out.append(spelling[k])
            } else {
                out.append(pUpper > pLower ? upper : lower)
            }
        }
        return out
    }
}
