/// Keeps export paths inside the export folder, whatever people name their screens.
public enum ExportPath {
    /// A file or folder name made from free text: letters, digits, `-` and `_` only, at most
    /// 64 characters, never empty, `.` or `..`.
    public static func safeName(_ text: String, fallback: String = "Untitled") -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        name = String(name.prefix(64))
        return name.isEmpty ? fallback : name
    }

    /// Checks that `path` is relative and stays inside its root: no leading `/`, no `..` or `.`
    /// components, no empty components, no backslashes or NUL.
    /// - Throws: ``ExportError/unsafePath(_:)``.
    public static func check(_ path: String) throws {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\u{0}"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw ExportError.unsafePath(path)
        }
    }
}
