/// Turns free text (screen names, element text) into source-code identifiers that
/// are valid in both Swift and Kotlin, deterministically and without collisions with keywords.
enum CodeIdentifier {
    /// Words split on anything that is not an ASCII letter or digit, and at lower-to-upper case
    /// changes ("logIn" -> ["log", "In"]).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        // ASCII only, so plain ranges say what Unicode's properties would, without their lookups
        // (this runs for every screen and named element on every change).
        for scalar in text.unicodeScalars {
            let isUpper = ("A"..."Z").contains(scalar)
            let isLowerOrDigit = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            guard isUpper || isLowerOrDigit else {
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                previousWasLower = false
                continue
            }
            if isUpper, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = isLowerOrDigit
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `UpperCamelCase` from text, limited to `maxWords` words; `fallback` when nothing is left.
    static func typeName(_ text: String, fallback: String, maxWords: Int = 4) -> String {
        let parts = words(text).prefix(maxWords).map(capitalized)
        var name = parts.joined()
        if name.isEmpty { name = fallback }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = fallback + name }
        return escapingKeywords(name)
    }

    /// `lowerCamelCase` from text, limited to `maxWords` words; `fallback` when nothing is left.
    static func memberName(_ text: String, fallback: String, maxWords: Int = 3) -> String {
        let parts = Array(words(text).prefix(maxWords))
        guard let first = parts.first else { return fallback }
        var name = first.lowercased() + parts.dropFirst().map(capitalized).joined()
        if let head = name.unicodeScalars.first, ("0"..."9").contains(head) { name = fallback + capitalized(name) }
        return escapingKeywords(name)
    }

    /// The word with its first letter upper-cased and the rest unchanged unless it is all caps.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        let rest = word.dropFirst()
        let restText =
            rest.allSatisfy { $0.isUppercase || $0.isNumber } && rest.count > 1 ? rest.lowercased() : String(rest)
        return first.uppercased() + restText
    }

    /// Names that are keywords in Swift or Kotlin, or clash with the generated helpers, get a suffix.
    static func escapingKeywords(_ name: String) -> String {
        reserved.contains(name) ? name + "Value" : name
    }

    private static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
        "fun", "val", "object", "when", "typeof", "interface", "package", "body", "content", "some", "View",
        "Theme", "Color", "Font", "Text", "Button", "Image", "Label", "List", "Toggle", "Slider", "Picker",
        "App", "Scene", "State", "Binding", "Divider", "Spacer", "Int", "Double", "String", "Bool",
    ]
}
