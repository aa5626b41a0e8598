/// Finds number literals that no `Double` can hold (such as `1e999`) and the bare `NaN` and
/// `Infinity` some encoders write, so that a frame with one gets `invalid_number` rather than a
/// generic parse error.
public enum JSONNumberScan {
    /// The bare words, outside strings, that stand for a non-finite number (lowercased).
    private static let nonFiniteWords: Set<String> = ["nan", "infinity", "inf"]

    /// Whether `bytes` has, outside strings, a number token that overflows to infinity or a
    /// bare `NaN`, `Infinity` or `-Infinity`.
    public static func hasNonFiniteNumber(_ bytes: [UInt8]) -> Bool {
        var found = false
        scan(bytes) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// `bytes` with every bare non-finite word replaced by `0`, so that the rest of the frame
    /// (such as an op's `clientOpId`) can still be read; nil when there is none.
    public static func replacingNonFiniteWords(_ bytes: [UInt8]) -> [UInt8]? {
        var words: [Range<Int>] = []
        scan(bytes) { range, isWord in
            if isWord { words.append(range) }
            return true
        }
        guard !words.isEmpty else { return nil }
        var cleaned = bytes
        for range in words.reversed() { cleaned.replaceSubrange(range, with: [UInt8(ascii: "0")]) }
        return cleaned
    }

    /// Calls `found` with the range of each non-finite token outside strings (and whether it is
    /// a bare word rather than an overflowing number) until it returns false.
    private static func scan(_ bytes: [UInt8], _ found: (Range<Int>, Bool) -> Bool) {
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                let start = index
                while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                let token = String(decoding: bytes[start..<index], as: UTF8.self)
                if let value = Double(token), !value.isFinite, !found(start..<index, false) { return }
            } else if isLetter(byte) {
                let start = index
                while index < bytes.count, isLetter(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
                if nonFiniteWords.contains(word), !found(start..<index, true) { return }
            } else {
                index += 1
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
