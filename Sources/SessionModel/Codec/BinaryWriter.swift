/// Appends values to a byte buffer in a fixed little-endian layout: the log's storage format
/// and the input of the state hash. The layout never depends on the machine.
public struct BinaryWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Writes an unsigned LEB128 varint.
    public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Writes a signed integer as a zigzag varint.
    public mutating func int(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes one byte.
    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Writes a Boolean as one byte.
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes the IEEE 754 bits of a Float32, little-endian.
    public mutating func float32(_ value: Float) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift))) }
    }

    /// Writes the IEEE 754 bits of a Double, little-endian.
    public mutating func float64(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    /// Writes a UTF-8 string with its length in front.
    public mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Writes bytes with their count in front.
    public mutating func blob(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes a list of signed integers with the count in front.
    public mutating func ints(_ values: [Int64]) {
        varint(UInt64(values.count))
        for value in values { int(value) }
    }

    /// Writes a list of strings with the count in front.
    public mutating func strings(_ values: [String]) {
        varint(UInt64(values.count))
        for value in values { string(value) }
    }
}
