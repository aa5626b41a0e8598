import Foundation

/// CTC prefix beam search over case-blind symbols (Graves et al., TPAMI 2009; the prefix form of
/// Hannun et al. 2014), free or held to words of a ``WordTrie``.
///
/// A prefix's probability sums over every alignment of it to the frames, so two readings compare
/// by how well all of the ink supports them. Held to words, the beam also weighs how common each
/// word is (the trie's priors, times ``wordPriorWeight``): a prefix counts the best word it can
/// still become, and the word's own prior once it ends.
struct CTCBeamSearch {
    /// Log-probabilities per frame of each blind symbol (blank first).
    let frames: [[Float]]
    let alphabet: BlindAlphabet
    var beamWidth = 16
    /// A symbol is tried at a frame only when its log-probability there is above this.
    var prune: Float = -9
    /// Natural log per unit of the trie's priors (Zipf units: a tenfold more common word).
    var wordPriorWeight: Float = 0
    /// The prior of a number (as a word's, in the trie's units).
    var numberPrior: Float = 6

    /// A reading: its symbols, the ink's log-probability of them, and the words' prior (natural
    /// log, relative to the most common word; 0 when free).
    struct Reading {
        var symbols: [Int]
        var logProbability: Float
        var wordPrior: Float = 0

        /// What the search ranks readings by.
        var score: Float { logProbability + wordPrior }
    }

    /// Where a prefix stands in the lexicon: inside or at the end of a word (a trie node), or
    /// after a word's closing punctuation.
    private enum Place: Hashable {
        case free
        case word(Int32)
        /// Inside a number: digits stand for themselves, as words do.
        case number
        case closed
    }

    private struct Prefix {
        var parent: Int
        var symbol: Int
        var place: Place
        /// The words' prior so far (``Reading/wordPrior``), the word under way at its best.
        var prior: Float
    }

    /// The best readings, most likely first: free (`trie` nil), or a sequence of the trie's words
    /// and numbers, each followed by a space or closing punctuation.
    func search(trie: WordTrie?) -> [Reading] {
        var prefixes = [Prefix(parent: -1, symbol: 0, place: trie == nil ? .free : .word(WordTrie.root), prior: 0)]
        let symbols = alphabet.count
        var children: [Int: Int] = [:]  // parent * symbols + symbol -> prefix
        children.reserveCapacity(frames.count * beamWidth * 4)
        // Each prefix's entry in `next` at the frame under way (-1: none yet).
        var slotOf: [Int32] = [-1]
        var beam: [Entry] = [Entry(prefix: 0, blank: 0, symbol: -.infinity)]
        var next: [Entry] = []
        var candidates: [Int] = []
        for frame in frames {
            next.removeAll(keepingCapacity: true)
            candidates.removeAll(keepingCapacity: true)
            for s in 1..<frame.count where frame[s] > prune { candidates.append(s) }
            for entry in beam {
                let p = entry.prefix
                let total = Self.add(entry.blank, entry.symbol)
                if slotOf[p] < 0 {
                    slotOf[p] = Int32(next.count)
                    next.append(Entry(prefix: p, blank: -.infinity, symbol: -.infinity))
                }
                let own = Int(slotOf[p])
                next[own].blank = Self.add(next[own].blank, total + frame[0])
                let last = prefixes[p].symbol
                if p != 0 { next[own].symbol = Self.add(next[own].symbol, entry.symbol + frame[last]) }
                for s in candidates {
                    guard let place = step(from: prefixes[p].place, by: s, trie: trie) else { continue }
                    let key = p * symbols + s
                    let c: Int
                    if let found = children[key] {
                        c = found
                    } else {
                        let prior = prefixes[p].prior + priorChange(from: prefixes[p].place, to: place, trie: trie)
                        prefixes.append(Prefix(parent: p, symbol: s, place: place, prior: prior))
                        slotOf.append(-1)
                        c = prefixes.count - 1
                        children[key] = c
                    }
                    if slotOf[c] < 0 {
                        slotOf[c] = Int32(next.count)
                        next.append(Entry(prefix: c, blank: -.infinity, symbol: -.infinity))
                    }
                    let slot = Int(slotOf[c])
                    next[slot].symbol = Self.add(
                        next[slot].symbol, (s == last && p != 0 ? entry.blank : total) + frame[s])
                }
            }
            for i in next.indices {
                next[i].total = Self.add(next[i].blank, next[i].symbol) + prefixes[next[i].prefix].prior
                slotOf[next[i].prefix] = -1
            }
            next.sort { $0.total > $1.total || ($0.total == $1.total && $0.prefix < $1.prefix) }
            beam.removeAll(keepingCapacity: true)
            beam.append(contentsOf: next.prefix(beamWidth))
        }
        let readings = beam.compactMap { entry -> Reading? in
            let p = entry.prefix
            guard p != 0 else { return nil }
            var prior = prefixes[p].prior
            if let trie, case .word(let node) = prefixes[p].place {
                guard trie.isWord(node) else { return nil }
                prior += wordPriorWeight * (trie.prior(ofWordAt: node) - trie.bestPrior(below: node))
            }
            var symbols: [Int] = []
            var at = p
            while at > 0 {
                symbols.append(prefixes[at].symbol)
                at = prefixes[at].parent
            }
            return Reading(
                symbols: symbols.reversed(), logProbability: Self.add(entry.blank, entry.symbol), wordPrior: prior)
        }
        return readings.sorted { $0.score > $1.score }
    }

    /// How the words' prior changes on a step from `place` to `next`: the best word reachable
    /// narrows as letters come, settles on the word's own prior when it ends, and a number
    /// counts ``numberPrior``.
    private func priorChange(from place: Place, to next: Place, trie: WordTrie?) -> Float {
        guard let trie, wordPriorWeight != 0 else { return 0 }
        switch (place, next) {
        case (.word(let node), .word(let child)) where child != WordTrie.root:
            return wordPriorWeight * (trie.bestPrior(below: child) - trie.bestPrior(below: node))
        case (.word(let node), .word), (.word(let node), .closed):
            return wordPriorWeight * (trie.prior(ofWordAt: node) - trie.bestPrior(below: node))
        case (.word, .number):
            return wordPriorWeight * (numberPrior - trie.bestPrior(below: WordTrie.root))
        default:
            return 0
        }
    }

    private struct Entry {
        var prefix: Int
        var blank: Float
        var symbol: Float
        var total: Float = -.infinity
    }

    /// Where a prefix at `place` stands after `s`, or nil when the lexicon has no such reading.
    private func step(from place: Place, by s: Int, trie: WordTrie?) -> Place? {
        guard let trie else { return .free }
        switch place {
        case .free: return .free
        case .word(let node):
            if s == alphabet.space { return trie.isWord(node) && node != WordTrie.root ? .word(WordTrie.root) : nil }
            if alphabet.isClosingPunctuation(s) { return trie.isWord(node) && node != WordTrie.root ? .closed : nil }
            if node == WordTrie.root, alphabet.isDigit(s) { return .number }
            return trie.child(of: node, s).map { .word($0) }
        case .number:
            if s == alphabet.space { return .word(WordTrie.root) }
            if alphabet.isClosingPunctuation(s) { return .closed }
            return alphabet.isDigit(s) ? .number : nil
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
