import Foundation

/// The best reading of a ``GlyphLattice``: free (any character in each cut, with a letter
/// bigram prior) or constrained to one spelling, by dynamic programming over the cuts. A path's score is the sum of the log
/// probabilities of its characters, a bonus per character (so that splitting a letter and
/// merging two are judged on the evidence), and the geometric penalties.
struct WordDecoder {
    /// Added per character.
    var characterBonus = 1.0

    /// A decoded word: its cuts and the case-blind character index of each.
    struct Path {
        var score: Double
        var cuts: [GlyphLattice.Cut]
        var letters: [Int]
    }

    /// The best path with any character in each cut, weighing each character's fit with how
    /// likely it follows the one before (`bigrams`, times `priorWeight`); the returned score
    /// leaves the prior out, so it compares with ``spelling(_:in:)``'s.
    func free(_ lattice: GlyphLattice, bigrams: LetterBigrams, priorWeight: Double = 0.5) -> Path? {
        let n = lattice.strokeCount, letters = GlyphLattice.caseBlind.count
        guard n > 0 else { return nil }
        // best[end][letter]: the best path over `end` strokes whose last character is `letter`
        // (the boundary index at the start), with its score including the prior.
        var best = [[(path: Path, total: Double)?]](repeating: [(Path, Double)?](repeating: nil, count: letters + 1), count: n + 1)
        best[0][LetterBigrams.boundary] = (Path(score: 0, cuts: [], letters: []), 0)
        for end in 1...n {
            for cut in lattice.cutsEnding[end] {
                for letter in 0..<letters where cut.blind[letter] > 1e-4 {
                    let fit = log(cut.blind[letter]) + characterBonus - cut.penalty
                    for previous in 0...letters {
                        guard let (path, total) = best[cut.start][previous] else { continue }
                        let step = fit - (path.cuts.last.map { GlyphLattice.overlapPenalty($0.frame, cut.frame) } ?? 0)
                        let candidate = total + step + priorWeight * bigrams.score(previous, letter)
                        if candidate > best[end][letter]?.total ?? -.infinity {
                            best[end][letter] = (Path(score: path.score + step, cuts: path.cuts + [cut], letters: path.letters + [letter]), candidate)
                        }
                    }
                }
            }
        }
        let finals = (0..<letters).compactMap { letter in
            best[n][letter].map { ($0.path, $0.total + priorWeight * bigrams.score(letter, LetterBigrams.boundary)) }
        }
        return finals.max { $0.1 < $1.1 }?.0
    }

    /// The best path spelling `word` (case-blind character indexes), or nil when none fits.
    func spelling(_ word: [Int], in lattice: GlyphLattice) -> Path? {
        guard word.count <= lattice.strokeCount else { return nil }
        return decode(lattice, length: word.count) { cut, k in
            (word[k], min(1, Lexicon.support[word[k]].reduce(0) { $0 + cut.blind[$1] }))
        }
    }

    /// Viterbi over (strokes consumed, characters placed, last cut). `pick` names the character
    /// of a cut at position k and its probability.
    private func decode(_ lattice: GlyphLattice, length maxLetters: Int, pick: (GlyphLattice.Cut, Int) -> (Int, Double)) -> Path? {
        let n = lattice.strokeCount
        guard n > 0 else { return nil }
        // best[end][k]: best paths that consumed `end` strokes with k characters, one per last cut.
        var best = [[[Path]]](repeating: [[Path]](repeating: [], count: maxLetters + 1), count: n + 1)
        best[0][0] = [Path(score: 0, cuts: [], letters: [])]
        for end in 1...n {
            for cut in lattice.cutsEnding[end] {
                for k in 0..<maxLetters {
                    guard let previous = best[cut.start][k].max(by: { a, b in
                        score(a, then: cut) < score(b, then: cut)
                    }) else { continue }
                    let (letter, p) = pick(cut, k)
                    var path = previous
                    path.score = score(previous, then: cut) + log(max(p, 1e-6)) + characterBonus - cut.penalty
                    path.cuts.append(cut)
                    path.letters.append(letter)
                    best[end][k + 1].append(path)
                }
            }
            for k in 0...maxLetters where best[end][k].count > GlyphLattice.maxStrokes {
                best[end][k] = Array(best[end][k].sorted { $0.score > $1.score }.prefix(GlyphLattice.maxStrokes))
            }
        }
        return best[n][maxLetters].max { $0.score < $1.score }
    }

    /// The score of `path` before `cut` is added: less the overlap penalty against its last cut.
    private func score(_ path: Path, then cut: GlyphLattice.Cut) -> Double {
        guard let last = path.cuts.last else { return path.score }
        return path.score - GlyphLattice.overlapPenalty(last.frame, cut.frame)
    }
}
