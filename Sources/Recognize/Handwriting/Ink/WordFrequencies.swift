import Foundation

/// How common English words are (`Resources/word-frequencies.txt.gz`, from wordfreq; its data is
/// CC BY-SA 4.0, see `Resources/word-frequencies.NOTICE`), as Zipf values: log10 of a word's uses
/// per billion words ("the" 7.7, "have" 6.7, "hove" 3.0). The reader's beam search prefers the
/// common word of two the ink supports alike.
public struct WordFrequencies: Sendable {
    /// File name of the shipped list.
    public static let shippedName = "word-frequencies.txt.gz"

    /// Zipf values by lower-case word.
    public let zipf: [String: Float]

    /// Frequencies of `zipf`'s words.
    public init(zipf: [String: Float]) { self.zipf = zipf }

    /// The Zipf value of `word` (any case), when it is known.
    public func zipf(of word: String) -> Float? { zipf[word.lowercased()] }

    /// The shipped frequencies.
    /// - Throws: ``ModelFileError`` when the list is missing or damaged.
    public static func shipped() throws -> WordFrequencies {
        let text: Data
        do { text = try Gzip.inflate(try ShippedResource.data(shippedName)) } catch let error as Gzip.Damaged {
            throw ModelFileError.invalid("\(shippedName): \(error.reason)")
        }
        var zipf: [String: Float] = [:]
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let tenths = Int(fields[1]) else {
                throw ModelFileError.invalid(
                    "\(shippedName): a line is not a word, a tab and a number: \(line.prefix(40))")
            }
            zipf[String(fields[0])] = Float(tenths) / 10
        }
        return WordFrequencies(zipf: zipf)
    }
}
