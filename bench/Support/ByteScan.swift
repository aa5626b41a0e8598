import Glibc

/// Finds keys and values in a JSON text's bytes without parsing it: many bench clients reading
/// large `recognition` messages would otherwise measure their own parsing.
public enum ByteScan {
    public static let typeKey = Array(#""type":""#.utf8)
    public static let seqKey = Array(#""seq":"#.utf8)

    /// A server message's own `type`, the last in the message: its keys are sorted, so a
    /// `recognition`'s elements' `"type"`s come before it.
    public static func messageType(in bytes: [UInt8]) -> String? {
        // Keys after `type` (`version`) hold no objects, so the last `"type":"` is the message's.
        lastFind(typeKey, in: bytes).map { string(at: $0, in: bytes) }
    }

    /// The offset just past the last `needle`.
    private static func lastFind(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        var start = haystack.count - needle.count
        while start >= 0 {
            if haystack[start] == needle[0], haystack[start..<start + needle.count].elementsEqual(needle) {
                return start + needle.count
            }
            start -= 1
        }
        return nil
    }

    /// The offset just past the first `needle` at or after `from` (`memchr` and `memcmp`: the
    /// bench's clients scan every message they read, and a byte-by-byte loop was a fifth of their CPU).
    public static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, from >= 0, haystack.count - from >= needle.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!
                let lastStart = hay.count - pin.count
                var offset = from
                while offset <= lastStart,
                    let hit = memchr(base + offset, Int32(first), lastStart - offset + 1)
                {
                    offset = base.distance(to: UnsafeRawPointer(hit))
                    // JSON is full of quotes: test the needle's last byte before comparing it all.
                    if hay[offset + pin.count - 1] == pin[pin.count - 1],
                        memcmp(base + offset, pin.baseAddress!, pin.count) == 0
                    {
                        return offset + pin.count
                    }
                    offset += 1
                }
                return nil
            }
        }
    }

    /// The decimal number starting at `offset`.
    public static func integer(at offset: Int, in bytes: [UInt8]) -> Int? {
        var value = 0
        var i = offset
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        return i > offset ? value : nil
    }

    /// The number after the first `key`.
    public static func integer(after key: [UInt8], in bytes: [UInt8]) -> Int? {
        find(key, in: bytes).flatMap { integer(at: $0, in: bytes) }
    }

    /// The string value after the first `key` (which ends with the opening quote).
    public static func string(after key: [UInt8], in bytes: [UInt8]) -> String? {
        find(key, in: bytes).map { string(at: $0, in: bytes) }
    }

    /// The string from `start` up to the next quote.
    private static func string(at start: Int, in bytes: [UInt8]) -> String {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
