/// Pieces of JSON written straight into a byte array, exactly as ``JSONWire`` writes them: what
/// the hand-written encoders (``RecognitionEncoder``, ``EventsEncoder``) share.
enum JSONBytes {
    /// A JSON string; a string that needs escaping is left to ``JSONWire``.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        let plain = string.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        guard plain else { return out += JSONWire.encode(string) }
        out.append(UInt8(ascii: "\""))
        out += string.utf8
        out.append(UInt8(ascii: "\""))
    }

    /// A finite number as ``JSONWire`` writes it (its shortest round-trip digits, without a
    /// trailing `.0`); false, writing nothing, for a number whose text it writes another way
    /// (an exponent, or not finite).
    static func appendNumber(_ value: Double, to out: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        var text = value.description
        guard !text.contains("e") else { return false }
        if text.hasSuffix(".0") { text.removeLast(2) }
        out += text.utf8
        return true
    }
}
