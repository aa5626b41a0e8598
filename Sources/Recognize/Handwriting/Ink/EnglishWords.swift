import Foundation

/// The English words the reader prefers besides the UI lexicon (`Resources/english-words.txt.gz`:
/// SCOWL size 50 as Debian's wamerican; its copyright is in `Resources/english-words.COPYRIGHT`).
public enum EnglishWords {
    /// File name of the shipped list.
    public static let shippedName = "english-words.txt.gz"

    /// The shipped words, one per entry, as spelled.
    /// - Throws: ``ModelFileError`` when the list is missing or damaged.
    public static func shipped() throws -> [String] {
        let text: Data
        do { text = try Gzip.inflate(try ShippedResource.data(shippedName)) } catch let error as Gzip.Damaged {
            throw ModelFileError.invalid("\(shippedName): \(error.reason)")
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
