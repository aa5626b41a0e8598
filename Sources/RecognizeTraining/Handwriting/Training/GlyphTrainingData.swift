import Foundation
import Recognize
import StrokeLog

/// Assembles what the glyph model learns from: the characters of the training writers, and
/// "none" examples: DoodleUINet pictograms and squiggles, drawn boxes and lines, and two letters
/// side by side (so that a candidate holding two characters scores as no character).
public struct GlyphTrainingData: Sendable {
    /// Trained on.
    public var training: [GlyphSample] = []
    /// Calibrated on (validation writers, and held-out drawings as none).
    public var validation: [GlyphSample] = []

    /// DoodleUINet classes that are also characters' shapes (an X, a plus): never "none".
    static let characterLikeDoodles: Set<String> = ["cancel", "plus"]
    /// Synthetic primitives that are no character (a vertical line is an l, a circle an o).
    static let nonCharacterPrimitives: [PrimitiveClass] = [.rectangle, .roundedRectangle, .crossedBox, .horizontalLine]

    /// Splits `glyphs` by `split` and adds the none examples from `doodles` (split by their fold)
    /// and from a seeded synthesizer.
    public init(glyphs: [GlyphSample], doodles: [DoodleRecord], split: WriterSplit, seed: UInt64 = 7) {
        training = glyphs.filter { split.training.contains($0.writer) }
        validation = glyphs.filter { split.validation.contains($0.writer) }
        let usable = doodles.filter { !Self.characterLikeDoodles.contains($0.label ?? "") }
        for (n, record) in usable.enumerated() where n % 4 == 0 {
            let sample = GlyphSample(id: record.id, writer: 0, glyph: nil, strokes: record.strokes)
            if ValidationSplit.standard.isValidation(record.id) { validation.append(sample) } else { training.append(sample) }
        }
        var synthesizer = PrimitiveSynthesizer(seed: seed)
        for n in 0..<60 {
            for kind in Self.nonCharacterPrimitives {
                guard let drawn = synthesizer.sample(kind) else { continue }
                let sample = GlyphSample(id: "synthetic/\(kind.rawValue)/\(n)", writer: 0, glyph: nil, strokes: drawn.strokes)
                if n % 5 == 0 { validation.append(sample) } else { training.append(sample) }
            }
        }
        var rng = SeededGenerator(seed: seed)
        training += Self.pairs(of: glyphs.filter { split.training.contains($0.writer) }, count: 1_500, using: &rng)
        validation += Self.pairs(of: glyphs.filter { split.validation.contains($0.writer) }, count: 200, using: &rng)
    }

    /// Two characters of one writer set side by side at a random gap: none of the characters.
    static func pairs(of glyphs: [GlyphSample], count: Int, using rng: inout SeededGenerator) -> [GlyphSample] {
        let byWriter = Dictionary(grouping: glyphs, by: \.writer).values.map { $0 }.sorted { $0[0].writer < $1[0].writer }
        guard !byWriter.isEmpty else { return [] }
        return (0..<count).map { n in
            let hand = byWriter[rng.integer(0...(byWriter.count - 1))]
            let a = hand[rng.integer(0...(hand.count - 1))], b = hand[rng.integer(0...(hand.count - 1))]
            let height = 100.0
            let left = GlyphPlacement.fit(a.strokes, height: height, at: Point2(0, 0))
            let leftWidth = left.bounds.map { $0.max.x - $0.min.x } ?? 0
            let gap = rng.uniform(-0.1...0.35) * height
            let right = GlyphPlacement.fit(b.strokes, height: height, at: Point2(leftWidth + gap, 0))
            return GlyphSample(id: "pair/\(n)/\(a.id)+\(b.id)", writer: a.writer, glyph: nil, strokes: left + right)
        }
    }
}

/// Places a character's strokes in a box of a given height, its top-left corner at `origin`.
enum GlyphPlacement {
    static func fit(_ strokes: [[Point2]], height: Double, at origin: Point2) -> [[Point2]] {
        guard let box = strokes.bounds else { return strokes }
        let scale = height / max(box.max.y - box.min.y, (box.max.x - box.min.x) * 0.25, 1e-9)
        return strokes.map { $0.map { ($0 - box.min) * scale + origin } }
    }
}
