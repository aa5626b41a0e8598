import SketchModel

/// A recognition's layout and element previews written straight into bytes, exactly as
/// ``JSONWire`` writes them (sorted keys, absent optionals left out): after ``ResultJSON`` took
/// the elements and detections, these were Foundation's `JSONEncoder`'s last work in every
/// `recognition` message. `ResultJSONTests` compares.
extension ResultJSON {
    /// The layout's JSON.
    static func encode(_ layout: LayoutNode) -> [UInt8] { written(layout, by: append) }

    /// The preview's JSON.
    static func encode(_ preview: ElementPreview) -> [UInt8] { written(preview, by: append) }

    private static func append(_ node: LayoutNode, to out: inout [UInt8]) -> Bool {
        switch node {
        case .vstack(let stack): return append(stack, kind: "vstack", to: &out)
        case .hstack(let stack): return append(stack, kind: "hstack", to: &out)
        case .zstack(let stack): return append(stack, kind: "zstack", to: &out)
        case .spacer(let minLength):
            out += #"{"kind":"spacer","minLength":"#.utf8
            guard JSONBytes.appendNumber(minLength, to: &out) else { return false }
        case .element(let id):
            out += #"{"id":"#.utf8
            JSONBytes.appendString(id, to: &out)
            out += #","kind":"element""#.utf8
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    private static func append(_ stack: LayoutNode.Stack, kind: StaticString, to out: inout [UInt8]) -> Bool {
        out += #"{"alignment":"#.utf8
        JSONBytes.appendString(stack.alignment, to: &out)
        out += #","children":"#.utf8
        guard JSONBytes.appendArray(stack.children, to: &out, append) else { return false }
        out += #","kind":""#.utf8
        out += UnsafeBufferPointer(start: kind.utf8Start, count: kind.utf8CodeUnitCount)
        out += #"","padding":"#.utf8
        let padding = stack.padding
        guard
            JSONBytes.appendNumbers(
                [
                    "bottom": padding.bottom, "leading": padding.leading, "top": padding.top,
                    "trailing": padding.trailing,
                ],
                to: &out)
        else { return false }
        out += #","spacing":"#.utf8
        guard JSONBytes.appendNumber(stack.spacing, to: &out) else { return false }
        out.append(UInt8(ascii: "}"))
        return true
    }

    private static func append(_ preview: ElementPreview, to out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "{"))
        optionalString("color", preview.color, &out)
        key("control", &out)
        JSONBytes.appendString(preview.control, to: &out)
        optionalString("ink", preview.ink, &out)
        optionalBool("isOn", preview.isOn, &out)
        if let leading = preview.leading {
            key("leading", &out)
            append(leading, to: &out)
        }
        if let rows = preview.rows {
            key("rows", &out)
            _ = JSONBytes.appendArray(rows, to: &out) { row, out in
                append(row, to: &out)
                return true
            }
        }
        key("strings", &out)
        appendStrings(preview.strings, to: &out)
        optionalString("symbol", preview.symbol, &out)
        optionalString("titleOf", preview.titleOf, &out)
        optionalString("titledBy", preview.titledBy, &out)
        if let trailing = preview.trailing {
            key("trailing", &out)
            append(trailing, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    private static func append(_ row: ListRowPreview, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        optionalBool("isOn", row.isOn, &out)
        optionalString("picture", row.picture, &out)
        optionalString("subtitle", row.subtitle, &out)
        optionalString("symbol", row.symbol, &out)
        key("title", &out)
        JSONBytes.appendString(row.title, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func append(_ item: BarItemPreview, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        optionalString("symbol", item.symbol, &out)
        key("title", &out)
        JSONBytes.appendString(item.title, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func optionalString(_ name: StaticString, _ value: String?, _ out: inout [UInt8]) {
        guard let value else { return }
        key(name, &out)
        JSONBytes.appendString(value, to: &out)
    }

    private static func optionalBool(_ name: StaticString, _ value: Bool?, _ out: inout [UInt8]) {
        guard let value else { return }
        key(name, &out)
        out += (value ? "true" : "false").utf8
    }
}
