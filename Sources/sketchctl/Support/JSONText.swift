import Foundation
import StrokeLog

/// Deterministic JSON text (sorted keys, no escaped slashes) for everything sketchctl prints.
enum JSONText {
    static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        String(decoding: try CanonicalJSON.encode(value, pretty ? .pretty : .compact), as: UTF8.self)
    }
}
