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
    private var elements: [Element: [UInt8]] = [:]
    private var detections: [Detection: [UInt8]] = [:]
    private var previews: [ElementPreview: [UInt8]] = [:]

    /// An encoder with empty caches.
    public init() {}

    /// The messages encoded, in order; the caches are replaced by what they used.
    public mutating func encode(_ messages: [RecognitionMessage]) -> [[UInt8]] {
        var used = (elements: [Element: [UInt8]](), detections: [Detection: [UInt8]](), previews: [ElementPreview: [UInt8]]())
        defer { (elements, detections, previews) = used }
        return messages.map { message in
            // The keys in JSONWire's order (sorted by their UTF-8 bytes).
            var out = Array(#"{"detections":"#.utf8)
            Self.appendArray(message.detections, cache: detections, used: &used.detections, to: &out, encode: ResultJSON.encode)
            out += #","elements":"#.utf8
            Self.appendArray(message.elements, cache: elements, used: &used.elements, to: &out, encode: ResultJSON.encode)
            out += #","layout":"#.utf8
            out += ResultJSON.encode(message.layout)
            out += #","preview":{"#.utf8
            let ids = JSONBytes.sortedKeys(message.preview)
            for (index, id) in ids.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(id, to: &out)
                out.append(UInt8(ascii: ":"))
                out += Self.encoded(message.preview[id]!, cache: previews, used: &used.previews, encode: ResultJSON.encode)
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

    private static func appendArray<Value: Hashable>(
        _ values: [Value], cache: [Value: [UInt8]], used: inout [Value: [UInt8]], to out: inout [UInt8], encode: (Value) -> [UInt8]
    ) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += encoded(value, cache: cache, used: &used, encode: encode)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func encoded<Value: Hashable>(_ value: Value, cache: [Value: [UInt8]], used: inout [Value: [UInt8]],
                                                 encode: (Value) -> [UInt8]) -> [UInt8] {
        if let bytes = used[value] ?? cache[value] {
            used[value] = bytes
            return bytes
        }
        let bytes = encode(value)
        used[value] = bytes
        return bytes
    }
}
