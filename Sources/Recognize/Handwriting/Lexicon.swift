import Foundation

/// The words phone screens show (`Resources/ui-lexicon.txt`), in the case they are usually
/// written. The reader prefers them, and the English words, when the ink supports them; other
/// words still come through as read.
public struct Lexicon: Sendable {
    /// The words (an entry may be a phrase: "Sign in").
    public let words: [String]
    private let lowercased: Set<String>

    /// File name of the shipped word list inside the module's `Resources` folder.
    public static let shippedName = "ui-lexicon.txt"

    /// A lexicon of `words`; repeats (case-blind) are dropped.
    public init(words: [String]) {
        var seen = Set<String>()
        self.words = words.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        lowercased = seen.union(seen.flatMap { $0.split(separator: " ").map(String.init) })
    }

    /// The shipped word list.
    /// - Throws: ``ModelFileError/missingResource(_:)`` when it is not in the bundle.
    public static func shipped() throws -> Lexicon {
        let text = try ShippedResource.text(shippedName)
        return Lexicon(
            words: text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.hasPrefix("#")
            })
    }

    /// Whether `word` (any case) is one of the words or one word of a phrase.
    public func contains(_ word: String) -> Bool { lowercased.contains(word.lowercased()) }

    /// Number of words.
    public var count: Int { words.count }
}
