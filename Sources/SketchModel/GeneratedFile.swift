/// One generated source file: a path relative to the export root, and its text (Exporter's
/// generators make them; the `code` messages carry them).
public struct GeneratedFile: Hashable, Sendable, Codable {
    /// Relative path such as `LoginScreen.swift`.
    public var path: String
    /// The file's contents.
    public var text: String
    /// Recognised element id -> the 0-based lines `[start, end)` of `text` (split on `"\n"`) that
    /// its code takes, nested elements within their container's. Elements the file does not show
    /// have no entry. Not part of the JSON form (`path`, `text`); the daemon sends it separately.
    public var elementLines: [String: Range<Int>]

    private enum CodingKeys: String, CodingKey { case path, text }

    /// Creates a file.
    public init(path: String, text: String, elementLines: [String: Range<Int>] = [:]) {
        self.path = path
        self.text = text
        self.elementLines = elementLines
    }

    /// Decodes the JSON form (no element lines).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try c.decode(String.self, forKey: .path), text: try c.decode(String.self, forKey: .text))
    }
}
