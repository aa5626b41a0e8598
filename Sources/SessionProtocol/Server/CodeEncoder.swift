import SketchModel

/// Encodes `code` and `codeDiff` messages to exactly the bytes ``JSONWire`` gives (sorted keys,
/// no whitespace), by hand: every result encoded the full code for late joiners and a diff
/// through Foundation's `JSONEncoder`, escaping every file's text again. A ``CodeEncoder`` keeps
/// each file's encoded form while its text stays the same (one stroke changes one file), and the
/// source map's while it stays the same (a diff and the full code that follows it send the same map).
/// `CodeEncoderTests` checks the bytes against ``JSONWire``.
public struct CodeEncoder: Sendable {
    /// Per path: the text last encoded and its `{"path":…,"text":…}` bytes.
    private var files: [String: (text: String, bytes: [UInt8])] = [:]
    /// The map last encoded, with its bytes.
    private var sourceMap: (map: SourceMap, bytes: [UInt8])?

    /// An encoder with an empty cache.
    public init() {}

    /// The `code` message; the cache keeps the files it used.
    public mutating func encode(_ message: CodeMessage) -> [UInt8] {
        var used: [String: (text: String, bytes: [UInt8])] = [:]
        defer { files = used }
        var out = Array(#"{"files":["#.utf8)
        for (index, file) in message.files.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let bytes: [UInt8]
            if let cached = used[file.path] ?? files[file.path], cached.text == file.text {
                bytes = cached.bytes
            } else {
                bytes = Self.encode(file)
            }
            used[file.path] = (file.text, bytes)
            out += bytes
        }
        out += #"],"seq":\#(message.seq),"sourceMap":"#.utf8
        out += encoded(message.sourceMap)
        out += #","type":"code","version":\#(message.version)}"#.utf8
        return out
    }

    /// The `codeDiff` message; the cache keeps its source map.
    public mutating func encode(_ message: CodeDiffMessage) -> [UInt8] {
        var out = Array(#"{"baseVersion":\#(message.baseVersion),"files":["#.utf8)
        for (index, change) in message.files.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.append(change, to: &out)
        }
        out += #"],"seq":\#(message.seq),"sourceMap":"#.utf8
        out += encoded(message.sourceMap)
        out += #","type":"codeDiff","version":\#(message.version)}"#.utf8
        return out
    }

    /// The map's bytes: the cached ones when it is the map last encoded.
    private mutating func encoded(_ map: SourceMap) -> [UInt8] {
        if let cached = sourceMap, cached.map == map { return cached.bytes }
        var bytes: [UInt8] = []
        Self.append(map, to: &bytes)
        sourceMap = (map, bytes)
        return bytes
    }

    private static func encode(_ file: GeneratedFile) -> [UInt8] {
        var out = Array(#"{"path":"#.utf8)
        out.reserveCapacity(file.text.utf8.count + file.path.utf8.count + 64)
        JSONBytes.appendString(file.path, to: &out)
        out += #","text":"#.utf8
        JSONBytes.appendString(file.text, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func append(_ change: CodeDiffMessage.FileChange, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        if let deleted = change.deleted {
            ResultJSON.key("deleted", &out)
            out += (deleted ? "true" : "false").utf8
        }
        if let hunks = change.hunks {
            ResultJSON.key("hunks", &out)
            out.append(UInt8(ascii: "["))
            for (index, hunk) in hunks.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += #"{"lines":"#.utf8
                ResultJSON.appendStrings(hunk.lines, to: &out)
                out += #","newCount":\#(hunk.newCount),"newStart":\#(hunk.newStart),"#.utf8
                out += #""oldCount":\#(hunk.oldCount),"oldStart":\#(hunk.oldStart)}"#.utf8
            }
            out.append(UInt8(ascii: "]"))
        }
        ResultJSON.key("path", &out)
        JSONBytes.appendString(change.path, to: &out)
        if let text = change.text {
            ResultJSON.key("text", &out)
            JSONBytes.appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{path: {id: [start, end]}}`, both levels in sorted key order.
    private static func append(_ map: SourceMap, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, path) in JSONBytes.sortedKeys(map.lines).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(path, to: &out)
            out += ":{".utf8
            let elements = map.lines[path]!
            for (index, id) in JSONBytes.sortedKeys(elements).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(id, to: &out)
                let lines = elements[id]!
                out += ":[\(lines.lowerBound),\(lines.upperBound)]".utf8
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }
}
