/// The words a reading may be made of, case-blind, as a prefix tree over ``BlindAlphabet``
/// symbols: node 0 is the root, each node lists its children in a flat array.
struct WordTrie: Sendable {
    private var firstChild: [Int32] = [0]
    private var childCount: [Int32] = [0]
    private var terminal: [Bool] = [false]
    private var children: [(symbol: Int32, node: Int32)] = []
    /// The spelling of each word whose case is its own ("iPhone", "OK", "Monday"), by its end node.
    private(set) var spellings: [Int32: String] = [:]
    /// Per node: the prior of the word ending there (the most common spelling's), or the least
    /// prior where no word ends.
    private var wordPrior: [Float] = [0]
    /// Per node: the highest prior of any word it leads to (itself included).
    private var bestPrior: [Float] = [0]

    static let root: Int32 = 0

    /// A tree of `words` (each a word without spaces); a word with a character outside `alphabet`
    /// is left out. A spelling that is neither lower case nor only capitalised is kept. `prior`
    /// gives each word's prior (how common it is); all alike by default.
    init(words: [String], alphabet: BlindAlphabet, prior: (String) -> Float = { _ in 0 }) {
        var edges: [[(Int32, Int32)]] = [[]]
        var ends: [Bool] = [false]
        var spellings: [Int32: String] = [:]
        var priors: [Float] = [-.infinity]
        for word in words {
            let symbols = word.map { alphabet.symbol(of: $0) }
            guard !symbols.isEmpty, symbols.allSatisfy({ $0 != nil }) else { continue }
            var node: Int32 = 0
            for s in symbols.map({ Int32($0!) }) {
                if let next = edges[Int(node)].first(where: { $0.0 == s })?.1 {
                    node = next
                } else {
                    let next = Int32(edges.count)
                    edges.append([])
                    ends.append(false)
                    priors.append(-.infinity)
                    edges[Int(node)].append((s, next))
                    node = next
                }
            }
            ends[Int(node)] = true
            priors[Int(node)] = max(priors[Int(node)], prior(word))
            let lower = word.lowercased()
            let capitalised = word.prefix(1).uppercased() + word.dropFirst().lowercased()
            if word != lower, word != capitalised, spellings[node] == nil { spellings[node] = word }
        }
        firstChild = []
        childCount = []
        for list in edges {
            firstChild.append(Int32(children.count))
            childCount.append(Int32(list.count))
            children += list.map { (symbol: $0.0, node: $0.1) }
        }
        terminal = ends
        self.spellings = spellings
        // Children come after their parents: from the last node back, each best is known before
        // its parent's.
        var best = priors
        for node in edges.indices.reversed() {
            for (_, next) in edges[node] { best[node] = max(best[node], best[Int(next)]) }
        }
        let least = priors.filter(\.isFinite).min() ?? 0
        wordPrior = priors.map { $0.isFinite ? $0 : least }
        bestPrior = best.map { $0.isFinite ? $0 : least }
    }

    /// The prior of the word ending at `node`.
    func prior(ofWordAt node: Int32) -> Float { wordPrior[Int(node)] }

    /// The highest prior of the words `node` leads to: a prefix's prior before its word is known.
    func bestPrior(below node: Int32) -> Float { bestPrior[Int(node)] }

    /// The node reached from `node` by `symbol`, if any word goes on that way.
    func child(of node: Int32, _ symbol: Int) -> Int32? {
        let start = Int(firstChild[Int(node)])
        let end = start + Int(childCount[Int(node)])
        for i in start..<end where children[i].symbol == Int32(symbol) { return children[i].node }
        return nil
    }

    /// Whether a word ends at `node`.
    func isWord(_ node: Int32) -> Bool { terminal[Int(node)] }

    /// Nodes in the tree.
    var count: Int { terminal.count }
}

extension WordTrie {
    /// The own spelling of the word `symbols` spell, when it has one.
    func spelling(of symbols: [Int]) -> String? {
        var node = Self.root
        for s in symbols {
            guard let next = child(of: node, s) else { return nil }
            node = next
        }
        return isWord(node) ? spellings[node] : nil
    }
}
