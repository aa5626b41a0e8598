import Foundation
import StrokeLog

/// The JSON coders of the wire (``CanonicalJSON``, compact): the same message is always the same
/// bytes.
public enum JSONWire {
    /// Encodes one outgoing message.
    public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        do {
            return Array(try CanonicalJSON.encode(value))
        } catch {
            // Only non-finite doubles can fail here, and every number sent was validated.
            return Array(#"{"type":"error","code":"internal","message":"a reply could not be encoded"}"#.utf8)
        }
    }

    /// Decodes a value from a frame; any failure is a `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try CanonicalJSON.decode(type, from: Data(bytes))
    }
}
