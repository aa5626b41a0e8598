import Foundation

/// The best reading of a ``GlyphLattice``: free (any character in each cut) or constrained to
/// one spelling, by dynamic programming over the cuts. A path's score is the sum of the log
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

    /// The best path with any character in each cut.
    func free(_ lattice: GlyphLattice) -> Path? {
        decode(lattice, length: nil) { cut, _ in
            let best = cut.blind.indices.max { cut.blind[$0] < cut.blind[$1] }!
            return (best, cut.blind[best])
        }
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
    private func decode(_ lattice: GlyphLattice, length: Int?, pick: (GlyphLattice.Cut, Int) -> (Int, Double)) -> Path? {
        let n = lattice.strokeCount
        guard n > 0 else { return nil }
        let maxLetters = length ?? n
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
        let finals = length.map { best[n][$0] } ?? best[n].flatMap { $0 }
        return finals.max { $0.score < $1.score }
    }

    /// The score of `path` before `cut` is added: less the overlap penalty against its last cut.
    private func score(_ path: Path, then cut: GlyphLattice.Cut) -> Double {
        guard let last = path.cuts.last else { return path.score }
        return path.score - GlyphLattice.overlapPenalty(last.frame, cut.frame)
    }
}
