import Exporter
import SketchModel

/// Encodes `recognition` messages to exactly the bytes ``JSONWire`` gives (sorted keys, no
/// whitespace), reusing the encoded elements, detections and previews that are equal to ones of
/// the last encoding: one new stroke changes one or two of a screen's 40 elements, and encoding
/// the rest again was a third of the daemon's CPU. New elements, detections, previews and the
/// layout are written by ``ResultJSON``, not Foundation's `JSONEncoder`.
///
/// The daemon keeps one per session with its published results; the caches hold only what the
/// last encoding used. `RecognitionEncoderTests` checks the bytes against ``JSONWire`` on real results.
public struct RecognitionEncoder: Sendable {
    /// A value last encoded under a key, with its bytes.
    private typealias Cache<Key: Hashable, Value> = [Key: (value: Value, bytes: [UInt8])]

    /// Looked up by a short key (an element's id, a detection's strokes) and compared whole:
    /// hashing whole elements cost as much as writing them.
    private var elements: Cache<String, Element> = [:]
    private var detections: Cache<[String], Detection> = [:]
    private var previews: Cache<String, ElementPreview> = [:]

    /// An encoder with empty caches.
    public init() {}

    /// The messages encoded, in order; the caches are replaced by what they used.
    public mutating func encode(_ messages: [RecognitionMessage]) -> [[UInt8]] {
        var used = (elements: Cache<String, Element>(), detections: Cache<[String], Detection>(), previews: Cache<String, ElementPreview>())
        defer { (elements, detections, previews) = used }
        return messages.map { message in
            // The keys in JSONWire's order (sorted by their UTF-8 bytes).
            var out = Array(#"{"detections":"#.utf8)
            Self.appendArray(message.detections, key: \.strokeIds, cache: detections, used: &used.detections, to: &out, encode: ResultJSON.encode)
            out += #","elements":"#.utf8
            Self.appendArray(message.elements, key: \.id, cache: elements, used: &used.elements, to: &out, encode: ResultJSON.encode)
            out += #","layout":"#.utf8
            out += ResultJSON.encode(message.layout)
            out += #","preview":{"#.utf8
            let ids = JSONBytes.sortedKeys(message.preview)
            for (index, id) in ids.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(id, to: &out)
                out.append(UInt8(ascii: ":"))
                out += Self.encoded(message.preview[id]!, key: id, cache: previews, used: &used.previews, encode: ResultJSON.encode)
            }
            out += #"},"readingOrder":["#.utf8
            for (index, id) in message.readingOrder.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(id, to: &out)
            }
            out += #"],"screen":"#.utf8
            JSONBytes.appendString(message.screen, to: &out)
            out += #","seq":\#(message.seq),"type":"recognition"}"#.utf8
            return out
        }
    }

    private static func appendArray<Key: Hashable, Value: Equatable>(
        _ values: [Value], key: (Value) -> Key, cache: Cache<Key, Value>, used: inout Cache<Key, Value>, to out: inout [UInt8],
        encode: (Value) -> [UInt8]
    ) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += encoded(value, key: key(value), cache: cache, used: &used, encode: encode)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The cached bytes when the value under `key` is this one; else newly encoded (and kept
    /// under `key`, in place of another value that had it).
    private static func encoded<Key: Hashable, Value: Equatable>(
        _ value: Value, key: Key, cache: Cache<Key, Value>, used: inout Cache<Key, Value>, encode: (Value) -> [UInt8]
    ) -> [UInt8] {
        if let hit = used[key] ?? cache[key], hit.value == value {
            used[key] = hit
            return hit.bytes
        }
        let bytes = encode(value)
        used[key] = (value, bytes)
        return bytes
    }
}
