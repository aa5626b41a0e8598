/// A 3x5 pixel font (upper case, digits, a few marks) for labels in debug and wireframe renders.
enum BitmapFont {
    /// Glyph rows, top to bottom, 3 bits each.
    private static let glyphs: [Character: String] = [
        "A": "010101111101101", "B": "110101110101110", "C": "011100100100011", "D": "110101101101110",
        "E": "111100110100111", "F": "111100110100100", "G": "011100101101011", "H": "101101111101101",
        "I": "111010010010111", "J": "001001001101010", "K": "101101110101101", "L": "100100100100111",
        "M": "101111111101101", "N": "110101101101101", "O": "010101101101010", "P": "110101110100100",
        "Q": "010101101110011", "R": "110101110101101", "S": "011100010001110", "T": "111010010010010",
        "U": "101101101101111", "V": "101101101101010", "W": "101101111111101", "X": "101101010101101",
        "Y": "101101010010010", "Z": "111001010100111", "0": "111101101101111", "1": "010110010010111",
        "2": "110001010100111", "3": "110001010001110", "4": "101101111001001", "5": "111100110001110",
        "6": "011100111101111", "7": "111001010010010", "8": "111101111101111", "9": "111101111001110",
        ".": "000000000000010", "-": "000000111000000", ":": "000010000010000", "%": "101001010100101",
        "?": "110001010000010", "!": "010010010000010", "/": "001001010100100", "#": "101111101111101",
    ]

    /// Width of one character cell including its gap, in font pixels.
    static let advance = 4
    /// Height of a line, in font pixels.
    static let lineHeight = 6

    /// Draws `text` with its top left at (x, y), each font pixel `scale` pixels square.
    static func draw(_ text: String, x: Double, y: Double, scale: Double, color: RGBColor, into raster: inout Raster) {
        var cursor = x
        for character in text.uppercased() {
            if let rows = glyphs[character] {
                for (index, bit) in rows.enumerated() where bit == "1" {
                    let gx = cursor + Double(index % 3) * scale
                    let gy = y + Double(index / 3) * scale
                    raster.fill(minX: gx, minY: gy, maxX: gx + scale, maxY: gy + scale, color: color)
                }
            }
            cursor += Double(advance) * scale
        }
    }

    /// The drawn width of `text` in pixels.
    static func width(_ text: String, scale: Double) -> Double {
        Double(max(text.count * advance - 1, 0)) * scale
    }
}
