/// Rules for the ids that clients choose: strokes, screens, authors, operations and sessions.
public enum Identifier {
    /// Longest id accepted.
    public static let maxLength = 64

    /// Whether `value` is 1...64 characters of `A-Z a-z 0-9 _ . : -` (not starting with `.`).
    public static func isValid(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= maxLength, value.utf8.first != UInt8(ascii: ".") else { return false }
        return value.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
        }
    }

    /// Throws ``StrokeLogError/invalidIdentifier(what:value:)`` unless `value` is valid.
    public static func check(_ value: String, what: String) throws {
        guard isValid(value) else {
            throw StrokeLogError.invalidIdentifier(what: what, value: String(value.prefix(80)))
        }
    }
}

/// CSS colours in `#rgb` or `#rrggbb` form.
public enum HexColor {
    /// Throws ``StrokeLogError/invalidEvent(_:)`` unless `value` is `#rgb` or `#rrggbb`.
    public static func check(_ value: String) throws {
        let digits = value.utf8.dropFirst()
        guard value.utf8.first == UInt8(ascii: "#"), digits.count == 3 || digits.count == 6,
            digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) }
            )
        else { throw StrokeLogError.invalidEvent("colour must be #rgb or #rrggbb, got \(value.prefix(16))") }
    }
}
