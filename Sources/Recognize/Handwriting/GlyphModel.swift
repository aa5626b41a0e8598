import Foundation

/// A trained glyph classifier: which handwritten character (0-9, A-Z, a-z) a group of strokes
/// is, or none of them. Stored in the ``ModelFile`` container under ``GlyphFeatures/version``.
public struct GlyphModel: Sendable, Hashable {
    /// The characters, in output order (the "none" output follows them).
    public var glyphs: [Character]
    /// Normalisation, weights and temperature.
    public var network: DenseNetwork

    /// Names the outputs of `network`.
    public init(glyphs: [Character], network: DenseNetwork) {
        self.glyphs = glyphs
        self.network = network
    }

    /// The 62 characters of the Chars74k hand-drawn set, in its order.
    public static let alphabet: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Serialises the model.
    public func encoded() -> [UInt8] {
        ModelFile.encode(classNames: glyphs.map { String($0) }, featureVersion: GlyphFeatures.version, network)
    }

    /// Reads and validates a glyph model file.
    /// - Throws: ``ModelFileError`` naming the first problem.
    public init(bytes: [UInt8]) throws {
        let (names, network) = try ModelFile.decode(
            bytes, featureVersion: GlyphFeatures.version, inputCount: GlyphFeatures.count, classLimit: Self.alphabet.count,
            isClass: { $0.count == 1 && Self.alphabet.contains(Character($0)) })
        guard network.hasNoneOutput else { throw ModelFileError.invalid("a glyph model needs its none output") }
        self.init(glyphs: names.map { Character($0) }, network: network)
    }
}
