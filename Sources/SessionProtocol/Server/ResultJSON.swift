import SketchModel

/// A recognition's elements and detections written straight into bytes, exactly as ``JSONWire``
/// writes them (sorted keys, `null` for an element without text): Foundation's `JSONEncoder`
/// walking them was most of ``RecognitionEncoder``'s time. A value with a number JSON cannot hold
/// (not finite) is handed to JSONWire whole. `RecognitionEncoderTests` compares.
enum ResultJSON {
    /// The element's JSON.
    static func encode(_ element: Element) -> [UInt8] { written(element, by: append) }

    /// The element's JSON with each child's bytes from `child` (bytes it wrote before, reused).
    static func encode(_ element: Element, child bytesOf: (Element) -> [UInt8]) -> [UInt8] {
        written(element) { element, out in
            append(element, to: &out) { child, out in
                out += bytesOf(child)
                return true
            }
        }
    }

    /// The detection's JSON.
    static func encode(_ detection: Detection) -> [UInt8] { written(detection, by: append) }

    static func written<Value: Encodable>(_ value: Value, by append: (Value, inout [UInt8]) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        return append(value, &out) ? out : JSONWire.encode(value)
    }

    private static func append(_ element: Element, to out: inout [UInt8]) -> Bool {
        append(element, to: &out, children: append)
    }

    private static func append(_ element: Element, to out: inout [UInt8], children: (Element, inout [UInt8]) -> Bool)
        -> Bool
    {
        out += #"{"children":"#.utf8
        guard JSONBytes.appendArray(element.children, to: &out, children) else { return false }
        if let color = element.color {
            key("color", &out)
            JSONBytes.appendString(color, to: &out)
        }
        key("confidence", &out)
        guard JSONBytes.appendNumber(element.confidence, to: &out) else { return false }
        key("corrected", &out)
        out += (element.corrected ? "true" : "false").utf8
        key("frame", &out)
        guard append(element.frame, to: &out) else { return false }
        key("id", &out)
        JSONBytes.appendString(element.id, to: &out)
        if let isOn = element.isOn {
            key("isOn", &out)
            out += (isOn ? "true" : "false").utf8
        }
        if let layoutFrame = element.layoutFrame {
            key("layoutFrame", &out)
            guard append(layoutFrame, to: &out) else { return false }
        }
        if let role = element.role {
            key("role", &out)
            JSONBytes.appendString(role, to: &out)
        }
        if let segments = element.segments {
            key("segments", &out)
            out += "\(segments)".utf8
        }
        key("strokeIds", &out)
        appendStrings(element.strokeIds, to: &out)
        if let symbol = element.symbol {
            key("symbol", &out)
            JSONBytes.appendString(symbol, to: &out)
        }
        key("text", &out)
        if let text = element.text { JSONBytes.appendString(text, to: &out) } else { out += "null".utf8 }
        if let textConfidence = element.textConfidence {
            key("textConfidence", &out)
            guard JSONBytes.appendNumber(textConfidence, to: &out) else { return false }
        }
        key("type", &out)
        JSONBytes.appendString(element.type.rawValue, to: &out)
        out.append(UInt8(ascii: "}"))
        return true
    }

    private static func append(_ detection: Detection, to out: inout [UInt8]) -> Bool {
        out += #"{"alternatives":["#.utf8
        for (index, alternative) in detection.alternatives.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += #"{"confidence":"#.utf8
            guard JSONBytes.appendNumber(alternative.probability, to: &out) else { return false }
            out += #","label":"#.utf8
            JSONBytes.appendString(alternative.label, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        key("confidence", &out)
        guard JSONBytes.appendNumber(detection.confidence, to: &out) else { return false }
        key("frame", &out)
        guard append(detection.frame, to: &out) else { return false }
        key("kept", &out)
        out += (detection.kept ? "true" : "false").utf8
        key("label", &out)
        JSONBytes.appendString(detection.label, to: &out)
        key("strokeIds", &out)
        appendStrings(detection.strokeIds, to: &out)
        out.append(UInt8(ascii: "}"))
        return true
    }

    static func append(_ rect: Rect, to out: inout [UInt8]) -> Bool {
        JSONBytes.appendNumbers(["height": rect.height, "width": rect.width, "x": rect.x, "y": rect.y], to: &out)
    }

    static func appendStrings(_ strings: [String], to out: inout [UInt8]) {
        _ = JSONBytes.appendArray(strings, to: &out) { string, out in
            JSONBytes.appendString(string, to: &out)
            return true
        }
    }

    /// `"name":`, after a comma unless it opens its object.
    static func key(_ name: StaticString, _ out: inout [UInt8]) {
        if out.last != UInt8(ascii: "{") { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out += UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        out += "\":".utf8
    }
}
