/// Breaks a call that runs past the line limit the way `swift format` accepts it: one argument a
/// line, one level deeper, the closing parenthesis back at the call's indentation.
///
///     Text("A long title ...")        ->  Text(
///                                             "A long title ..."
///                                         )
///
/// A call that ends in a trailing closure (`Picker(...) {`) or a list element (`Item(...),`)
/// keeps that ending after the parenthesis. A string literal longer than the limit stays whole on
/// its own line (swift-format cannot break it either and does not report it).
enum LineWrap {
    /// The lines for `line` (its indentation included), or nil when it fits or is not one call.
    static func wrapped(_ line: String, limit: Int, indentUnit: String) -> [String]? {
        // No more bytes than the limit means no more characters; the byte count is O(1).
        guard line.utf8.count > limit, line.count > limit else { return nil }
        let indent = String(line.prefix { $0 == " " })
        let code = line.dropFirst(indent.count)
        guard let open = code.firstIndex(of: "("), isCallee(code[..<open]) else { return nil }
        var ending = ""
        var rest = code[code.index(after: open)...]
        for suffix in [") {", "),", ")"] where rest.hasSuffix(suffix) {
            ending = suffix
            rest = rest.dropLast(suffix.count)
            break
        }
        guard !ending.isEmpty, let arguments = topLevelArguments(rest), !arguments.isEmpty else { return nil }
        let head = indent + code[...open]
        let body = arguments.enumerated().map { index, argument in
            indent + indentUnit + argument + (index < arguments.count - 1 ? "," : "")
        }
        return [String(head)] + body + [indent + ending]
    }

    /// `Text`, `.accessibilityLabel`, `SettingsItem`: a name (optionally a member) and nothing else.
    private static func isCallee(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// The arguments of a call's parenthesised list, split at commas outside strings and
    /// brackets; nil when the brackets or quotes do not balance (it is not one call).
    static func topLevelArguments(_ text: Substring) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth < 0 { return nil }
            case "," where depth == 0:
                arguments.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0, !inString else { return nil }
        if !current.trimmingSpaces.isEmpty { arguments.append(current.trimmingSpaces) }
        return arguments
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
