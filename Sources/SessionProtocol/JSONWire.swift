import Foundation

/// The JSON coders of the wire: sorted keys so the same message is always the same bytes.
public enum JSONWire {
    /// Encodes one outgoing message.
    public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Only non-finite doubles can fail here, and every number sent was validated.
            return Array(#"{"type":"error","code":"internal","message":"a reply could not be encoded"}"#.utf8)
        }
    }

    /// Decodes a value from a frame; any failure is a `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
