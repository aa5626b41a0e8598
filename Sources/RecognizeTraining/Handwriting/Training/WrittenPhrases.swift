import Foundation
import Recognize
import SessionModel

/// Words and short phrases cut from real lines of writing (``IAMOnDBLine/words()``), at a label's
/// size on a phone screen: one or two words of letters, digits and apostrophes, a few per line.
public struct WrittenPhrase: Sendable {
    public var writer: Int
    public var text: String
    /// The strokes in writing order, scaled and placed on a 390 × 844 screen.
    public var strokes: [[Point2]]
    /// The height of a capital at this size (points), for a box's padding.
    public var capHeight: Double

    /// A lower-case letter's height in IAM-OnDB's units (its README).
    static let sourceXHeight = 122.0

    /// Up to `perWriter` phrases of each writer of `lines`, one per line at most, with sizes and
    /// places drawn from `seed`.
    public static func sample(_ lines: [IAMOnDBLine], perWriter: Int, seed: UInt64) -> [WrittenPhrase] {
        var rng = SeededGenerator(seed: seed)
        var taken: [String: Int] = [:]
        var out: [WrittenPhrase] = []
        for line in lines.sorted(by: { $0.id < $1.id }) {
            guard taken[line.writer, default: 0] < perWriter, let words = line.words() else { continue }
            let usable = words.indices.filter { i in
                words[i].text.count >= 2 && words[i].text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "'" }
                    && words[i].text.first!.isLetter
            }
            guard !usable.isEmpty else { continue }
            let first = usable[rng.integer(0...(usable.count - 1))]
            var chosen = [first]
            if rng.chance(0.3), usable.contains(first + 1) { chosen.append(first + 1) }
            let text = chosen.map { words[$0].text }.joined(separator: " ")
            let ink = chosen.flatMap { words[$0].strokes }
            guard let bounds = ink.bounds else { continue }
            var scale = rng.logUniform(9...22) / sourceXHeight
            scale = min(scale, 320 / max(bounds.max.x - bounds.min.x, 1), 80 / max(bounds.max.y - bounds.min.y, 1))
            let width = (bounds.max.x - bounds.min.x) * scale
            let origin = Point2(rng.uniform(24...max(24, 366 - width)), rng.uniform(140...680))
            let placed = ink.map { $0.map { ($0 - bounds.min) * scale + origin } }
            let number = Int(line.writer.split(separator: "-").last ?? "") ?? 0
            out.append(
                WrittenPhrase(writer: number, text: text, strokes: placed, capHeight: sourceXHeight * scale * 1.5))
            taken[line.writer, default: 0] += 1
        }
        return out
    }
}
