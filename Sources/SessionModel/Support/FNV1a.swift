/// FNV-1a, the one non-cryptographic hash of the repository: stroke fingerprints, validation
/// folds and model-file checksums. Its values are stored (model files) and decide which drawings
/// train, so the algorithm never changes.
///
/// `Digest` is `UInt32` or `UInt64`, each with its standard offset basis and prime.
public struct FNV1a<Digest: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    @usableFromInline var state: Digest
    @usableFromInline let prime: Digest

    /// The hash of the bytes combined so far.
    @inlinable
    public var digest: Digest { state }

    /// The hash of no bytes.
    @inlinable
    public init() {
        switch Digest.bitWidth {
        case 32: (state, prime) = (Digest(2_166_136_261 as UInt32), Digest(16_777_619 as UInt32))
        case 64:
            (state, prime) = (
                Digest(truncatingIfNeeded: 0xcbf2_9ce4_8422_2325 as UInt64),
                Digest(truncatingIfNeeded: 0x100_0000_01b3 as UInt64)
            )
        default: preconditionFailure("FNV-1a is defined here for 32 and 64 bits")
        }
    }

    /// Mixes in one byte.
    @inlinable
    public mutating func combine(_ byte: UInt8) {
        state = (state ^ Digest(byte)) &* prime
    }

    /// Mixes in `bytes` in order.
    @inlinable
    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { combine(byte) }
    }

    /// Mixes in the eight bytes of `word`, least significant first.
    @inlinable
    public mutating func combine(littleEndian word: UInt64) {
        var rest = word
        for _ in 0..<8 {
            combine(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> Digest where Bytes.Element == UInt8 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.digest
    }
}
