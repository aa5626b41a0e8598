/// Finds keys and values in a JSON text's bytes without parsing it: many bench clients reading
/// large `recognition` messages would otherwise measure their own parsing.
public enum ByteScan {
    public static let typeKey = Array(#""type":""#.utf8)
    public static let seqKey = Array(#""seq":"#.utf8)
    static let recognitionType = Array(#""type":"recognition""#.utf8)

    /// A server message's `type`. A `recognition` is told by its own type: its keys are sorted,
    /// so its elements' `"type"`s come before it.
    public static func messageType(in bytes: [UInt8]) -> String? {
        find(recognitionType, in: bytes) != nil ? "recognition" : string(after: typeKey, in: bytes)
    }

    /// The offset just past the first `needle` at or after `from`.
    public static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = from
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<i + needle.count].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }

    /// The decimal number starting at `offset`.
    public static func integer(at offset: Int, in bytes: [UInt8]) -> Int? {
        var value = 0, i = offset
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { value = value * 10 + Int(bytes[i] - 0x30); i += 1 }
        return i > offset ? value : nil
    }

    /// The number after the first `key`.
    public static func integer(after key: [UInt8], in bytes: [UInt8]) -> Int? {
        find(key, in: bytes).flatMap { integer(at: $0, in: bytes) }
    }

    /// The string value after the first `key` (which ends with the opening quote).
    public static func string(after key: [UInt8], in bytes: [UInt8]) -> String? {
        guard let start = find(key, in: bytes) else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
