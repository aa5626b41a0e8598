import Foundation
import Recognize
import SessionModel
import SketchModel

/// Sets handwritten characters of one writer into words on a phone screen, the way people
/// write them: at a size, spacing, baseline and case proportion drawn at random per word, alone
/// (a label) or inside a hand-drawn box (a button). Used to measure the reader on writers held
/// out from training; its placements are random, not the reader's assumptions.
public struct WordComposer {
    /// A composed word: its strokes (letters in writing order, then the box), and what it says.
    public struct Composition: Sendable {
        public var text: String
        public var boxed: Bool
        public var strokes: [Stroke]
        /// Ids of the strokes that are writing (not the box).
        public var writingIDs: [String]
    }

    /// Each writer's characters.
    let hands: [Int: [Character: [GlyphSample]]]
    /// Box drawings (DoodleUINet squares) to stretch around boxed words; a ruled box when empty.
    let boxes: [[[Point2]]]

    /// Letters that rise to the cap line in lower case, and those that fall below the baseline.
    static let ascenders: Set<Character> = Set("bdfhklt")
    static let descenders: Set<Character> = Set("gjpqy")

    /// Creates a composer over `glyphs` (the writers to write with) and box drawings.
    public init(glyphs: [GlyphSample], boxes: [[[Point2]]]) {
        var hands: [Int: [Character: [GlyphSample]]] = [:]
        for sample in glyphs {
            guard let glyph = sample.glyph else { continue }
            hands[sample.writer, default: [:]][glyph, default: []].append(sample)
        }
        self.hands = hands
        self.boxes = boxes
    }

    /// The writers available.
    public var writers: [Int] { hands.keys.sorted() }

    /// Writes `text` in the hand of `writer`, its top-left near `origin`; nil when the writer has
    /// no sample of one of its characters.
    public func compose(
        _ text: String, writer: Int, boxed: Bool, origin: Point2, idPrefix: String,
        using rng: inout SeededGenerator
    ) -> Composition? {
        guard let hand = hands[writer] else { return nil }
        let capHeight = rng.logUniform(16...44)
        let proportional = rng.chance(0.6)
        let xHeight = capHeight * rng.uniform(0.55...0.72)
        let letterGap = rng.uniform(0.06...0.32) * capHeight
        let wordGap = rng.uniform(0.55...1.0) * capHeight
        var x = origin.x
        var strokes: [Stroke] = []
        var t = 0.0
        var n = 0
        for character in text {
            if character == " " {
                x += wordGap
                continue
            }
            guard let samples = hand[character], !samples.isEmpty else { return nil }
            let sample = samples[rng.integer(0...(samples.count - 1))]
            var height = capHeight
            var top = origin.y
            if proportional, character.isLowercase {
                if Self.ascenders.contains(character) {
                    height = capHeight
                } else if Self.descenders.contains(character) {
                    height = xHeight * 1.55
                    top = origin.y + capHeight - xHeight
                } else {
                    height = xHeight
                    top = origin.y + capHeight - xHeight
                }
            }
            top += rng.normal() * 0.04 * capHeight
            let placed = GlyphPlacement.fit(sample.strokes, height: height, at: Point2(x, top))
            guard let box = placed.bounds else { continue }
            for points in placed {
                n += 1
                let timed = points.enumerated().map { StrokePoint(x: $1.x, y: $1.y, t: t + Double($0) * 8) }
                t += Double(points.count) * 8 + 120
                strokes.append(Stroke(id: "\(idPrefix)w\(n)", points: timed))
            }
            x = box.max.x + letterGap
        }
        return boxing(
            strokes, text: text, boxed: boxed, capHeight: capHeight, idPrefix: idPrefix, startT: t, using: &rng)
    }

    /// Writing already on the screen (`strokes`, in writing order, a word written by a person),
    /// alone or inside a hand-drawn box; `capHeight` sets the box's padding.
    public func place(
        _ strokes: [[Point2]], text: String, boxed: Bool, capHeight: Double, idPrefix: String,
        using rng: inout SeededGenerator
    ) -> Composition? {
        var t = 0.0
        let written = strokes.enumerated().map { n, points -> Stroke in
            let timed = points.enumerated().map { StrokePoint(x: $1.x, y: $1.y, t: t + Double($0) * 8) }
            t += Double(points.count) * 8 + 120
            return Stroke(id: "\(idPrefix)w\(n + 1)", points: timed)
        }
        return boxing(
            written, text: text, boxed: boxed, capHeight: capHeight, idPrefix: idPrefix, startT: t, using: &rng)
    }

    private func boxing(
        _ strokes: [Stroke], text: String, boxed: Bool, capHeight: Double, idPrefix: String, startT: Double,
        using rng: inout SeededGenerator
    ) -> Composition? {
        guard
            let ink = Rect.union(
                strokes.map {
                    Rect(minX: $0.bounds.minX, minY: $0.bounds.minY, maxX: $0.bounds.maxX, maxY: $0.bounds.maxY)
                })
        else { return nil }
        var strokes = strokes
        let writing = strokes.map(\.id)
        if boxed {
            let padX = rng.uniform(0.5...1.2) * capHeight
            let padY = rng.uniform(0.35...0.8) * capHeight
            let frame = Rect(minX: ink.minX - padX, minY: ink.minY - padY, maxX: ink.maxX + padX, maxY: ink.maxY + padY)
            strokes += box(around: frame, idPrefix: idPrefix, startT: startT + 400, using: &rng)
        }
        return Composition(text: text, boxed: boxed, strokes: strokes, writingIDs: writing)
    }

    /// A hand-drawn box stretched over `frame`.
    private func box(around frame: Rect, idPrefix: String, startT: Double, using rng: inout SeededGenerator) -> [Stroke]
    {
        var t = startT
        let drawing: [[Point2]]
        if !boxes.isEmpty, rng.chance(0.7) {
            let source = boxes[rng.integer(0...(boxes.count - 1))]
            let b = source.bounds!
            let size = pointwiseMax(b.max - b.min, Point2(1, 1))
            drawing = source.map {
                $0.map { p in
                    Point2(
                        frame.minX + (p.x - b.min.x) / size.x * frame.width,
                        frame.minY + (p.y - b.min.y) / size.y * frame.height)
                }
            }
        } else {
            let corners = [
                Point2(frame.minX, frame.minY), Point2(frame.maxX, frame.minY), Point2(frame.maxX, frame.maxY),
                Point2(frame.minX, frame.maxY), Point2(frame.minX, frame.minY),
            ]
            drawing = [
                corners.indices.dropLast().flatMap { i -> [Point2] in
                    (0..<12).map { s in
                        corners[i] + (corners[i + 1] - corners[i]) * (Double(s) / 12) + Point2(
                            rng.normal(), rng.normal()) * 0.8
                    }
                }
            ]
        }
        return drawing.enumerated().map { k, points in
            let timed = points.enumerated().map { StrokePoint(x: $1.x, y: $1.y, t: t + Double($0) * 8) }
            t += Double(points.count) * 8 + 150
            return Stroke(id: "\(idPrefix)b\(k + 1)", points: timed)
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
