/// The reader's characters without case: a letter's capital and small forms are one symbol, so
/// the words are decoded first and each word is cased as a whole afterwards (``WordCase``).
/// Symbol 0 is CTC's blank; class `k` of the network (0: blank, `k`: `charset[k - 1]`) is symbol
/// `symbolOfClass[k]`.
struct BlindAlphabet: Sendable {
    /// Each symbol's character (lower case for letters); index 0, the blank, is a space placeholder.
    let characters: [Character]
    let symbolOfClass: [Int]
    /// Per symbol, the network classes it sums: symbol `s`'s are
    /// `classList[classStart[s]..<classStart[s + 1]]`.
    let classList: [Int]
    let classStart: [Int]
    /// Per symbol, its capital's and its small letter's class, for letters.
    let caseClasses: [(upper: Int, lower: Int)?]
    private let index: [Character: Int]
    /// Per symbol: whether it is a digit, and whether it is closing punctuation (looked up per
    /// frame and prefix in the beam search, so worked out once).
    private let digits: [Bool]
    private let closing: [Bool]

    /// The symbol of the space between words.
    let space: Int?

    init(charset: [Character]) {
        var characters: [Character] = [" "]
        var index: [Character: Int] = [:]
        var symbolOfClass = [0]
        for c in charset {
            let blind = Character(c.lowercased())
            if let i = index[blind] {
                symbolOfClass.append(i)
            } else {
                index[blind] = characters.count
                symbolOfClass.append(characters.count)
                characters.append(blind)
            }
        }
        var classes = [[Int]](repeating: [], count: characters.count)
        for (k, s) in symbolOfClass.enumerated() { classes[s].append(k) }
        self.characters = characters
        self.symbolOfClass = symbolOfClass
        classList = classes.flatMap { $0 }
        classStart = classes.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        self.index = index
        self.space = index[" "]
        digits = characters.indices.map { $0 > 0 && characters[$0].isASCII && characters[$0].isNumber }
        closing = characters.indices.map { $0 > 0 && ".,!?:;)\"".contains(characters[$0]) }
        caseClasses = characters.indices.map { s in
            guard s > 0, characters[s].isLetter, classes[s].count == 2 else { return nil }
            let (a, b) = (classes[s][0], classes[s][1])
            return charset[a - 1].isUppercase ? (a, b) : (b, a)
        }
    }

    /// The symbol of `character` (any case), if the reader has it.
    func symbol(of character: Character) -> Int? { index[Character(character.lowercased())] }

    var count: Int { characters.count }

    /// Whether a symbol can stand in a lexicon word (letters, the apostrophe and the hyphen).
    func isWordSymbol(_ s: Int) -> Bool {
        s > 0 && (characters[s].isLetter || characters[s] == "'" || characters[s] == "-")
    }

    /// Whether a symbol is a digit.
    func isDigit(_ s: Int) -> Bool { digits[s] }

    /// Whether a symbol may follow a lexicon word without a space (closing punctuation).
    func isClosingPunctuation(_ s: Int) -> Bool { closing[s] }
}
