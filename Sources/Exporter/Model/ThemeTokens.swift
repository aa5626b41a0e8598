import SessionModel

/// The session theme as named design tokens, plus one token per stroke colour the sketch uses.
struct ThemeTokens: Hashable, Sendable {
    var accent: RGBColor
    var background: RGBColor
    var cornerRadius: Double
    var typeScale: Double
    /// Stroke colours, sorted by token name.
    var inks: [Ink]

    /// A named stroke colour.
    struct Ink: Hashable, Sendable {
        var name: String
        var color: RGBColor
    }

    /// Tokens for a theme and the stroke colours found in the elements (any order, duplicates ok).
    init(theme: Theme, strokeColors: [String]) {
        accent = RGBColor(hex: theme.accent) ?? RGBColor(red: 0, green: 122, blue: 255)
        background = RGBColor(hex: theme.background) ?? RGBColor(red: 255, green: 255, blue: 255)
        cornerRadius = theme.cornerRadius.isFinite ? min(max(theme.cornerRadius, 0), 60) : 10
        typeScale = theme.typeScale.isFinite ? min(max(theme.typeScale, 0.5), 3) : 1
        let colors = Set(strokeColors.compactMap(RGBColor.init(hex:)))
        var byName: [String: [RGBColor]] = [:]
        for color in colors { byName["ink" + color.paletteName, default: []].append(color) }
        inks = byName.flatMap { name, group -> [Ink] in
            group.count == 1
                ? [Ink(name: name, color: group[0])] : group.map { Ink(name: name + $0.hexDigits, color: $0) }
        }.sorted { $0.name < $1.name }
    }

    /// The token name for a stroke colour, or nil when it is not a valid colour.
    func inkName(for hex: String?) -> String? {
        guard let hex, let color = RGBColor(hex: hex) else { return nil }
        return inks.first { $0.color == color }?.name
    }
}

/// An sRGB colour with 8-bit channels.
struct RGBColor: Hashable, Sendable {
    var red: Int, green: Int, blue: Int

    /// Parses `#rrggbb` (case-insensitive); nil for anything else.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var values: [Int] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            values.append(high * 16 + low)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    private static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// `1F6FEB`.
    var hexDigits: String {
        [red, green, blue].map { value in
            let text = String(value, radix: 16, uppercase: true)
            return value < 16 ? "0" + text : text
        }.joined()
    }

    /// A channel as a fraction with three decimals (`0.122`).
    static func fraction(_ channel: Int) -> String {
        let thousandths = Int((Double(channel) / 255 * 1000).rounded())
        let text = String(thousandths)
        return thousandths >= 1000 ? "1.000" : "0." + String(repeating: "0", count: 3 - text.count) + text
    }

    /// The nearest everyday colour name, by hue, saturation and lightness.
    var paletteName: String {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        if chroma < 0.12 {
            return lightness < 0.25 ? "Black" : lightness > 0.85 ? "White" : "Gray"
        }
        var hue: Double
        if high == r {
            hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = (b - r) / chroma + 2
        } else {
            hue = (r - g) / chroma + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        if hue < 15 || hue >= 340 { return lightness < 0.3 ? "Brown" : "Red" }
        if hue < 45 { return lightness < 0.35 ? "Brown" : "Orange" }
        if hue < 70 { return "Yellow" }
        if hue < 160 { return "Green" }
        if hue < 195 { return "Teal" }
        if hue < 250 { return "Blue" }
        if hue < 285 { return "Indigo" }
        if hue < 315 { return "Purple" }
        return "Pink"
    }
}
