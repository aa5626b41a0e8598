/// Finds number literals that no `Double` can hold (such as `1e999`), so that a frame with one
/// gets `invalid_number` rather than a generic parse error.
enum JSONNumberScan {
    /// Whether `bytes` has a number token, outside strings, that overflows to infinity.
    static func hasNonFiniteNumber(_ bytes: [UInt8]) -> Bool {
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
                if let value = Double(token), !value.isFinite { return true }
            } else {
                index += 1
            }
        }
        return false
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
