import Foundation

/// The one JSON set-up of sketchd: sorted keys and unescaped slashes, so the same value always
/// gives the same bytes, whether it goes on the wire, into an export, a backup manifest or
/// sketchctl's output.
public enum CanonicalJSON {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// One line, no whitespace: the wire, NDJSON lines, data compared byte for byte.
        case compact
        /// Indented, for files people read (exports, manifests, `--pretty` output).
        case pretty
    }

    /// A fresh encoder with the canonical options (encoders are not shared between threads).
    public static func encoder(_ layout: Layout = .compact) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            layout == .pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as canonical JSON.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a NaN or infinite number).
    public static func encode<T: Encodable>(_ value: T, _ layout: Layout = .compact) throws -> Data {
        try encoder(layout).encode(value)
    }

    /// Decodes a `T` from JSON.
    /// - Throws: `DecodingError` when `data` is not a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
