/// One generated source file: a path relative to the export root, and its text.
public struct GeneratedFile: Hashable, Sendable, Codable {
    /// Relative path such as `LoginScreen.swift`.
    public var path: String
    /// The file's contents.
    public var text: String

    /// Creates a file.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
