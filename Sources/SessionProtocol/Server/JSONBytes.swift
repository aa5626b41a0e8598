/// Pieces of JSON written straight into a byte array, exactly as ``JSONWire`` writes them: what
/// the hand-written encoders (``RecognitionEncoder``, ``EventsEncoder``, ``CodeEncoder``) share.
enum JSONBytes {
    /// A JSON string, escaped as Foundation's `JSONEncoder` escapes it: `\"`, `\\`, `\b`, `\t`,
    /// `\n`, `\f`, `\r`, other control characters as `\u00xx`, everything else (`/` too) as is.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var plainFrom = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<index]))
                appendEscaped(byte, to: &out)
                plainFrom = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x20...: out.append(byte)
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += "u00".utf8
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }

    /// A finite number as ``JSONWire`` writes it: its `description` (shortest round-trip digits,
    /// exponents too) without a trailing `.0`; false, writing nothing, for one that is not finite.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        // Whole numbers (a point's time, most coordinates) are written as integers: the same
        // digits as `description` (plain up to 1e16; -0 keeps its sign there), without its cost.
        if value.rounded(.towardZero) == value, value.magnitude < 1e15, !(value == 0 && value.sign == .minus) {
            appendInteger(Int64(value), to: &out)
            return true
        }
        var text = value.description
        text.withUTF8 { digits in
            let count = digits.count
            let wholeNumber =
                count > 2 && digits[count - 2] == UInt8(ascii: ".") && digits[count - 1] == UInt8(ascii: "0")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<(wholeNumber ? count - 2 : count)]))
        }
        return true
    }

    /// The decimal digits of `value`, with a minus sign when it is negative.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        let first = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out[first...].reverse()
    }

    /// The keys in ``JSONWire``'s order (by their UTF-8 bytes).
    static func sortedKeys<Value>(_ dictionary: [String: Value]) -> [String] {
        dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `[a,b,…]`, each element written by `append`; false as soon as one is not (the rest unwritten).
    static func appendArray<Value>(_ values: [Value], to out: inout [UInt8], _ append: (Value, inout [UInt8]) -> Bool)
        -> Bool
    {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard append(value, &out) else { return false }
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// `{"name":number,…}` with the names given in sorted order; false for a number that is
    /// not finite.
    static func appendNumbers(_ fields: KeyValuePairs<StaticString, Double>, to out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "{"))
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            out += UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            out += "\":".utf8
            guard appendNumber(value, to: &out) else { return false }
        }
        out.append(UInt8(ascii: "}"))
        return true
    }
}
