import Foundation

/// CTC prefix beam search over case-blind symbols (Graves et al., TPAMI 2009; the prefix form of
/// Hannun et al. 2014), free or held to words of a ``WordTrie``.
///
/// A prefix's probability sums over every alignment of it to the frames, so two readings compare
/// by how well all of the ink supports them.
struct CTCBeamSearch {
    /// Log-probabilities per frame of each blind symbol (blank first).
    let frames: [[Float]]
    let alphabet: BlindAlphabet
    var beamWidth = 16
    /// A symbol is tried at a frame only when its log-probability there is above this.
    var prune: Float = -9

    /// A reading: its symbols and log-probability.
    struct Reading {
        var symbols: [Int]
        var logProbability: Float
    }

    /// Where a prefix stands in the lexicon: inside or at the end of a word (a trie node), or
    /// after a word's closing punctuation.
    private enum Place: Hashable {
        case free
        case word(Int32)
        case closed
    }

    private struct Prefix {
        var parent: Int
        var symbol: Int
        var place: Place
    }

    /// The best readings, most likely first: free (`trie` nil), or a sequence of the trie's words
    /// each followed by a space or closing punctuation.
    func search(trie: WordTrie?) -> [Reading] {
        var prefixes = [Prefix(parent: -1, symbol: 0, place: trie == nil ? .free : .word(WordTrie.root))]
        var childIndex: [Int: [(symbol: Int, prefix: Int)]] = [:]
        func child(_ p: Int, _ s: Int, _ place: Place) -> Int {
            if let found = childIndex[p]?.first(where: { $0.symbol == s }) { return found.prefix }
            prefixes.append(Prefix(parent: p, symbol: s, place: place))
            childIndex[p, default: []].append((s, prefixes.count - 1))
            return prefixes.count - 1
        }
        var beam: [(prefix: Int, blank: Float, symbol: Float)] = [(0, 0, -.infinity)]
        for frame in frames {
            var next: [Int: (blank: Float, symbol: Float)] = [:]
            let candidates = frame.indices.filter { $0 > 0 && frame[$0] > prune }
            for (p, blank, symbol) in beam {
                let total = Self.add(blank, symbol)
                var own = next[p] ?? (-.infinity, -.infinity)
                own.blank = Self.add(own.blank, total + frame[0])
                let last = prefixes[p].symbol
                if p != 0 { own.symbol = Self.add(own.symbol, symbol + frame[last]) }
                next[p] = own
                for s in candidates {
                    guard let place = step(from: prefixes[p].place, by: s, trie: trie) else { continue }
                    let c = child(p, s, place)
                    var entry = next[c] ?? (-.infinity, -.infinity)
                    entry.symbol = Self.add(entry.symbol, (s == last && p != 0 ? blank : total) + frame[s])
                    next[c] = entry
                }
            }
            beam = next.map { ($0.key, $0.value.blank, $0.value.symbol) }
                .sorted { Self.add($0.1, $0.2) > Self.add($1.1, $1.2) || (Self.add($0.1, $0.2) == Self.add($1.1, $1.2) && $0.0 < $1.0) }
            if beam.count > beamWidth { beam.removeLast(beam.count - beamWidth) }
        }
        return beam.compactMap { p, blank, symbol -> Reading? in
            guard p != 0 else { return nil }
            if trie != nil, case .word(let node) = prefixes[p].place, !(trie!.isWord(node)) { return nil }
            var symbols: [Int] = [], at = p
            while at > 0 {
                symbols.append(prefixes[at].symbol)
                at = prefixes[at].parent
            }
            return Reading(symbols: symbols.reversed(), logProbability: Self.add(blank, symbol))
        }
    }

    /// Where a prefix at `place` stands after `s`, or nil when the lexicon has no such reading.
    private func step(from place: Place, by s: Int, trie: WordTrie?) -> Place? {
        guard let trie else { return .free }
        switch place {
        case .free: return .free
        case .word(let node):
            if s == alphabet.space { return trie.isWord(node) && node != WordTrie.root ? .word(WordTrie.root) : nil }
            if alphabet.isClosingPunctuation(s) { return trie.isWord(node) && node != WordTrie.root ? .closed : nil }
            return trie.child(of: node, s).map { .word($0) }
        case .closed:
            if s == alphabet.space { return .word(WordTrie.root) }
            return alphabet.isClosingPunctuation(s) ? .closed : nil
        }
    }

    static func add(_ a: Float, _ b: Float) -> Float {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return max(a, b) + log1pf(expf(-abs(a - b)))
    }
}
