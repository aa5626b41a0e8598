import Foundation

/// Cases a decoded word as a whole: lower, Capitalised, UPPER, or a lexicon word's own spelling
/// ("iPhone"), whichever the ink supports best, so a word is never cased letter by letter.
enum WordCase {
    /// A word's capital-letter evidence: per letter, the probability that it was written as a
    /// capital (nil for digits and punctuation).
    static func cased(_ word: [Character], upperProbabilities: [Double?], spelling: String?) -> String {
        let letters = word.indices.filter { upperProbabilities[$0] != nil }
        guard !letters.isEmpty else { return String(word) }
        func logLikelihood(_ upper: (Int) -> Bool) -> Double {
            letters.reduce(0.0) { sum, i in
                let p = min(0.98, max(0.02, upperProbabilities[i]!))
                return sum + log(upper(i) ? p : 1 - p)
            }
        }
        let first = letters[0]
        var candidates: [(text: String, score: Double)] = [
            (String(word).lowercased(), logLikelihood { _ in false }),
            (
                String(
                    word.enumerated().map {
                        $0.offset == first ? Character($0.element.uppercased()) : Character($0.element.lowercased())
                    }),
                logLikelihood { $0 == first }
            ),
        ]
        if letters.count > 1 { candidates.append((String(word).uppercased(), logLikelihood { _ in true })) }
        if let spelling, spelling.count == word.count {
            let chars = Array(spelling)
            candidates.append((spelling, logLikelihood { chars[$0].isUppercase }))
        }
        return candidates.max { $0.score < $1.score || ($0.score == $1.score && $0.text > $1.text) }!.text
    }
}
