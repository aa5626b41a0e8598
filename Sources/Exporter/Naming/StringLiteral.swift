/// Quoting of user text for the generated sources.
enum StringLiteral {
    /// The source language a literal is written for.
    enum Dialect: Sendable { case swift, kotlin }

    /// A double-quoted literal: backslash, quote, control and format characters are escaped (and
    /// `$` for Kotlin templates), so nothing a person typed can end the literal or the line.
    static func quoted(_ text: String, for dialect: Dialect = .swift) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "$" where dialect == .kotlin: out += "\\$"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format || category == .lineSeparator
                    || category == .paragraphSeparator
                {
                    out += escaped(scalar, for: dialect)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func escaped(_ scalar: Unicode.Scalar, for dialect: Dialect) -> String {
        let hex = String(scalar.value, radix: 16)
        switch dialect {
        case .swift: return "\\u{\(hex)}"
        case .kotlin: return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
