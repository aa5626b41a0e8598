import Foundation

/// The words phone screens show (`Resources/ui-lexicon.txt`), which the reader prefers when the
/// ink supports them. Words outside it still come through letter by letter.
public struct Lexicon: Sendable {
    /// Each word as written, and as case-blind character indexes (``GlyphLattice/caseBlind``).
    let entries: [(spelling: [Character], blind: [Int])]

    /// Characters written with one shape: a lexicon word's letter is supported by any of them
    /// (an l by a bar read as I or 1, an o by a ring read as 0).
    static let lookAlikes: [[Character]] = [["i", "l", "1"], ["o", "0"], ["s", "5"], ["z", "2"], ["b", "8"], ["g", "9", "q"]]

    /// For each case-blind character index, the indexes whose probability supports it.
    static let support: [[Int]] = {
        let index = Dictionary(uniqueKeysWithValues: GlyphLattice.caseBlind.enumerated().map { ($1, $0) })
        return GlyphLattice.caseBlind.map { c in
            let group = lookAlikes.first { $0.contains(c) } ?? [c]
            return group.map { index[$0]! }
        }
    }()

    /// File name of the shipped word list inside the module's `Resources` folder.
    public static let shippedName = "ui-lexicon.txt"

    /// A lexicon of `words` (letters and digits only; others are skipped).
    public init(words: [String]) {
        let index = Dictionary(uniqueKeysWithValues: GlyphLattice.caseBlind.enumerated().map { ($1, $0) })
        var seen = Set<String>()
        entries = words.compactMap { word in
            let blind = word.lowercased().compactMap { index[$0] }
            guard !word.isEmpty, blind.count == word.count, seen.insert(word.lowercased()).inserted else { return nil }
            return (Array(word), blind)
        }
    }

    /// The shipped word list.
    /// - Throws: ``ModelFileError/missingResource(_:)`` when it is not in the bundle.
    public static func shipped() throws -> Lexicon {
        let text = try ShippedResource.text(shippedName)
        return Lexicon(words: text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") })
    }

    /// Number of words.
    public var count: Int { entries.count }
}
