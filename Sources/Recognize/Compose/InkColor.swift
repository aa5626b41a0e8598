import SketchModel

/// Stroke colour carried over to elements.
enum InkColor {
    /// The colour covering the most ink, or nil when that is the default dark ink.
    static func dominant(of inks: [Ink]) -> String? {
        if let first = inks.first, inks.allSatisfy({ $0.color == first.color }) {
            let only = lowercased(first.color)
            return isDefaultInk(only) ? nil : only
        }
        var lengths: [String: Double] = [:]
        for ink in inks { lengths[lowercased(ink.color), default: 0] += max(ink.length, 1) }
        guard let best = lengths.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first?.key else { return nil }
        return isDefaultInk(best) ? nil : best
    }

    /// Black, near-black and dark greys count as plain ink.
    static func isDefaultInk(_ hex: String) -> Bool {
        guard let value = hashHexValue(hex) else { return isDefaultInk(parsing: hex) }
        return isDefaultInk(value)
    }

    /// The value of `#rrggbb` written in ASCII hex digits, read without making strings (nil for
    /// any other form, which ``isDefaultInk(parsing:)`` reads).
    private static func hashHexValue(_ hex: String) -> UInt32? {
        var value: UInt32 = 0
        var count = 0
        for byte in hex.utf8 {
            count += 1
            if count == 1 {
                guard byte == UInt8(ascii: "#") else { return nil }
                continue
            }
            guard count <= 7, let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return count == 7 ? value : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isDefaultInk(parsing hex: String) -> Bool {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return true }
        return isDefaultInk(value)
    }

    private static func isDefaultInk(_ value: UInt32) -> Bool {
        let r = Int(value >> 16 & 0xff)
        let g = Int(value >> 8 & 0xff)
        let b = Int(value & 0xff)
        return max(r, g, b) < 0x50 && max(r, g, b) - min(r, g, b) < 0x20
    }

    /// `color` in lower case; a colour written in lower-case ASCII (as the page sends it) is
    /// already, and is not copied.
    private static func lowercased(_ color: String) -> String {
        color.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? color : color.lowercased()
    }
}
