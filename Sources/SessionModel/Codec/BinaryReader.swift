/// Reads what ``BinaryWriter`` wrote; every read checks bounds and throws on truncated input.
public struct BinaryReader {
    private let bytes: [UInt8]
    private var offset = 0

    /// A reader over `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte was consumed.
    public var isAtEnd: Bool { offset == bytes.count }

    private static func truncated() -> StrokeLogError { .malformedInput("truncated binary event") }

    /// Reads one byte.
    public mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw Self.truncated() }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a Boolean byte.
    public mutating func bool() throws -> Bool { try byte() != 0 }

    /// Reads an unsigned LEB128 varint.
    public mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw StrokeLogError.malformedInput("varint too long") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a zigzag varint.
    public mutating func int() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a little-endian Float32.
    public mutating func float32() throws -> Float {
        guard offset + 4 <= bytes.count else { throw Self.truncated() }
        var bits: UInt32 = 0
        for i in 0..<4 { bits |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
        offset += 4
        return Float(bitPattern: bits)
    }

    /// Reads a little-endian Double; stored numbers are always finite.
    public mutating func float64() throws -> Double {
        guard offset + 8 <= bytes.count else { throw Self.truncated() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        offset += 8
        let value = Double(bitPattern: bits)
        guard value.isFinite else { throw StrokeLogError.malformedInput("non-finite number in binary event") }
        return value
    }

    /// Reads a varint count of things that take at least one byte each, so it can be no more
    /// than the bytes left.
    public mutating func count() throws -> Int {
        let raw = try varint()
        guard raw <= UInt64(bytes.count - offset) else { throw Self.truncated() }
        return Int(raw)
    }

    /// Reads a length-prefixed UTF-8 string.
    public mutating func string() throws -> String {
        let count = try count()
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    /// Reads count-prefixed bytes.
    public mutating func blob() throws -> [UInt8] {
        let count = try count()
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads a count-prefixed list of signed integers.
    public mutating func ints() throws -> [Int64] {
        try (0..<count()).map { _ in try int() }
    }

    /// Reads a count-prefixed list of strings.
    public mutating func strings() throws -> [String] {
        try (0..<count()).map { _ in try string() }
    }
}
