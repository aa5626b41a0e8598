import Foundation

/// The size rules of one kind of free text (names, titles, element text): counted in UTF-8
/// bytes after NFC normalisation, with the number of graphemes (user-perceived characters)
/// capped too, so that neither a long text nor a short one piled with combining marks gets in.
public struct TextLimit: Hashable, Sendable, Codable {
    /// The most UTF-8 bytes of the NFC form.
    public let maxBytes: Int
    /// The most graphemes (Swift `Character`s).
    public let maxGraphemes: Int
    /// Whether this is a name: never empty and without control characters.
    public let isName: Bool

    /// A participant's display name (`hello.name`): cut to fit, never refused.
    public static let participantName = TextLimit(maxBytes: 128, maxGraphemes: 80, isName: true)
    /// A session title or a screen name.
    public static let title = TextLimit(maxBytes: 256, maxGraphemes: 80, isName: true)
    /// The text given to an element (`textSet`).
    public static let elementText = TextLimit(maxBytes: 8_000, maxGraphemes: 2_000, isName: false)

    /// Creates a limit.
    public init(maxBytes: Int, maxGraphemes: Int, isName: Bool) {
        self.maxBytes = maxBytes
        self.maxGraphemes = maxGraphemes
        self.isName = isName
    }

    /// The NFC form of `text` when it fits (and, for a name, is not empty and has no control
    /// characters).
    /// - Throws: ``StrokeLogError/textTooLong(what:bytes:graphemes:limit:)`` when it does not
    ///   fit, ``StrokeLogError/invalidEvent(_:)`` for an empty name or control characters.
    public func checked(_ text: String, what: String) throws -> String {
        // Counting the bytes first keeps the work on a hostile text bounded by its length.
        guard text.utf8.count <= maxBytes * 4 else {
            throw StrokeLogError.textTooLong(what: what, bytes: text.utf8.count, graphemes: nil, limit: self)
        }
        let normalized = text.precomposedStringWithCanonicalMapping
        let bytes = normalized.utf8.count
        let graphemes = normalized.count
        guard bytes <= maxBytes, graphemes <= maxGraphemes else {
            throw StrokeLogError.textTooLong(what: what, bytes: bytes, graphemes: graphemes, limit: self)
        }
        guard isName else { return normalized }
        guard !normalized.isEmpty, !normalized.unicodeScalars.contains(where: Self.isControl) else {
            throw StrokeLogError.invalidEvent(
                "\(what) must be 1...\(maxGraphemes) characters without control characters")
        }
        return normalized
    }

    /// The NFC form of `text` without control characters, cut on a grapheme boundary to fit
    /// (possibly empty).
    public func truncated(_ text: String) -> String {
        // Only the head can be kept, so no more than could fit is normalised; a head that was
        // cut may end inside a grapheme, whose start is then dropped too.
        let scalars = text.unicodeScalars.filter { !Self.isControl($0) }
        var head = String(String.UnicodeScalarView(scalars.prefix(maxBytes + 1))).precomposedStringWithCanonicalMapping
        if scalars.count > maxBytes, !head.isEmpty { head.removeLast() }
        var kept = ""
        var bytes = 0
        for grapheme in head.prefix(maxGraphemes) {
            let size = grapheme.utf8.count
            guard bytes + size <= maxBytes else { break }
            kept.append(grapheme)
            bytes += size
        }
        return kept
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .control }
}
