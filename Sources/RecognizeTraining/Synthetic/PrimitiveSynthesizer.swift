import Foundation
import Recognize
import SessionModel
import SketchModel

/// Seeded generator of hand-drawn-looking NOTATION primitives: rectangles (including very wide
/// bars and text fields), rounded rectangles, crossed boxes, horizontal and vertical lines,
/// circles and dots, each in single- and multi-stroke variants with overshoot and wobble.
///
/// Equal seeds give equal drawings on every machine. Also usable to synthesise whole screens:
/// call ``draw(_:in:)`` with the frames you want.
public struct PrimitiveSynthesizer: Sendable {
    /// The generator; exposed so callers can interleave their own seeded choices.
    public var random: SeededGenerator
    /// The pen style used for every stroke.
    public var pen = HandDrawnPen()

    /// Rectangles are drawn at least this far from square (w/h or h/w), so a near-square box is
    /// left to the DoodleUINet `square` class and the two labels do not fight.
    public static let rectangleMinimumAspect = 1.4

    /// Creates a synthesizer.
    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Draws `kind` at a random plausible frame on a `canvas`-sized screen.
    /// - Returns: the strokes and the frame used; nil for a class that is not a synthetic primitive.
    public mutating func sample(_ kind: PrimitiveClass, canvas: (width: Double, height: Double) = (390, 844))
        -> (strokes: [[Point2]], frame: Rect)?
    {
        guard let frame = randomFrame(for: kind, canvas: canvas) else { return nil }
        return draw(kind, in: frame).map { ($0, frame) }
    }

    /// A random frame typical for `kind` on a screen of `canvas` size, or nil for non-primitives.
    public mutating func randomFrame(for kind: PrimitiveClass, canvas: (width: Double, height: Double)) -> Rect? {
        let maxW = canvas.width * 0.97
        let size: Point2
        switch kind {
        case .rectangle:
            let aspect = random.logUniform(Self.rectangleMinimumAspect...16)
            if random.chance(0.75) {
                let w = random.logUniform(40...maxW)
                size = Point2(w, max(10, w / aspect))
            } else {
                let h = random.logUniform(40...canvas.height * 0.8)
                size = Point2(max(10, h / aspect), h)
            }
        case .roundedRectangle:
            let w = random.logUniform(30...maxW)
            size = Point2(w, max(14, w / random.logUniform(0.5...10)))
        case .crossedBox:
            let w = random.logUniform(30...maxW)
            size = Point2(w, max(20, w / random.logUniform(0.4...3)))
        case .horizontalLine:
            size = Point2(random.logUniform(24...maxW), 0)
        case .verticalLine:
            size = Point2(0, random.logUniform(24...canvas.height * 0.8))
        case .circle:
            let d = random.logUniform(10...min(260, maxW))
            size = Point2(d * random.uniform(0.85...1.15), d)
        case .dot:
            let d = random.uniform(0...7)
            size = Point2(d, d * random.uniform(0.6...1.4))
        default:
            return nil
        }
        let x = random.uniform(0...max(0, canvas.width - size.x))
        let y = random.uniform(0...max(0, canvas.height - size.y))
        return Rect(x: x, y: y, width: min(size.x, canvas.width), height: min(size.y, canvas.height))
    }

    /// Draws `kind` filling `frame` (lines run along the frame's long side); nil for non-primitives.
    public mutating func draw(_ kind: PrimitiveClass, in frame: Rect) -> [[Point2]]? {
        switch kind {
        case .rectangle: return rectangle(frame)
        case .roundedRectangle: return roundedRectangle(frame)
        case .crossedBox: return crossedBox(frame)
        case .horizontalLine: return [line(frame, horizontal: true)]
        case .verticalLine: return [line(frame, horizontal: false)]
        case .circle: return [circle(frame)]
        case .dot: return [dot(frame)]
        default: return nil
        }
    }

    private func scale(of r: Rect) -> Double { max(min(r.width, r.height), 0.15 * max(r.width, r.height), 1) }

    /// Corners nudged by a little hand error.
    private mutating func sloppyCorners(_ r: Rect) -> [Point2] {
        let s = scale(of: r) * random.uniform(0...0.05)
        return IdealShapes.corners(of: r).map { $0 + Point2(random.normal(), random.normal()) * s }
    }

    private mutating func trace(_ ideal: [Point2], _ r: Rect) -> [Point2] {
        pen.trace(ideal, scale: scale(of: r), using: &random)
    }

    private mutating func rectangle(_ r: Rect) -> [[Point2]] {
        let c = sloppyCorners(r)
        switch random.integer(0...9) {
        case 0...4:  // one stroke around
            let loop = IdealShapes.loop(
                c, start: random.integer(0...3), clockwise: random.chance(0.7),
                closing: random.uniform(-0.06...0.15))
            return [trace(loop, r)]
        case 5...7:  // four sides
            var sides = (0..<4).map { k in
                trace(
                    IdealShapes.segment(
                        c[k], c[(k + 1) % 4], startExtension: random.uniform(-0.04...0.08),
                        endExtension: random.uniform(-0.04...0.08)), r)
            }
            if random.chance(0.3) { sides.swapAt(1, 3) }
            return sides
        default:  // two L-shaped halves
            let start = random.integer(0...3)
            let p = (0..<4).map { c[(start + $0) % 4] }
            let first = [p[0] + (p[0] - p[1]) * random.uniform(0...0.05), p[1], p[2]]
            let second = [p[0], p[3], p[2] + (p[2] - p[3]) * random.uniform(-0.03...0.06)]
            return [trace(first, r), trace(second, r)]
        }
    }

    private mutating func roundedRectangle(_ r: Rect) -> [[Point2]] {
        let radius = min(r.width, r.height) * random.uniform(0.18...0.48)
        var outline = IdealShapes.roundedRectangle(r, radius: radius)
        let shift = random.integer(0...(outline.count - 1))
        outline = Array(outline[shift...] + outline[..<shift])
        if random.chance(0.3) { outline.reverse() }
        let overlap = random.integer(-2...4)
        if overlap > 0 { outline += outline.prefix(overlap) } else { outline.removeLast(-overlap) }
        if overlap == 0 { outline.append(outline[0]) }
        return [trace(outline, r)]
    }

    private mutating func crossedBox(_ r: Rect) -> [[Point2]] {
        let box = random.chance(0.2) ? roundedRectangle(r) : rectangle(r)
        let inset = random.uniform(-0.02...0.06)
        let dx = r.width * inset
        let dy = r.height * inset
        let tl = Point2(r.minX + dx, r.minY + dy)
        let br = Point2(r.maxX - dx, r.maxY - dy)
        let tr = Point2(r.maxX - dx, r.minY + dy)
        let bl = Point2(r.minX + dx, r.maxY - dy)
        var diagonals = [
            trace(random.chance(0.8) ? [tl, br] : [br, tl], r),
            trace(random.chance(0.8) ? [tr, bl] : [bl, tr], r),
        ]
        if random.chance(0.3) { diagonals.reverse() }
        return random.chance(0.85) ? box + diagonals : diagonals + box
    }

    private mutating func line(_ r: Rect, horizontal: Bool) -> [Point2] {
        let length = horizontal ? r.width : r.height
        let slope = length * tan(random.uniform(-0.05...0.05))
        let bow = length * random.uniform(-0.02...0.02)
        var a = Point2(r.minX, r.minY)
        var b = horizontal ? Point2(r.maxX, r.minY + slope) : Point2(r.minX + slope, r.maxY)
        if random.chance(0.3) { swap(&a, &b) }
        let mid = (a + b) * 0.5 + (horizontal ? Point2(0, bow) : Point2(bow, 0))
        return pen.trace([a, mid, b], scale: max(length * 0.3, 1), using: &random)
    }

    private mutating func circle(_ r: Rect) -> [Point2] {
        let ideal = IdealShapes.ellipse(
            in: r, startAngle: random.uniform(0...(2 * Double.pi)),
            sweep: (random.chance(0.7) ? 1 : -1) * 2 * Double.pi * random.uniform(0.9...1.15),
            drift: random.uniform(-0.08...0.08))
        return trace(ideal, r)
    }

    private mutating func dot(_ r: Rect) -> [Point2] {
        let c = Point2(r.midX, r.midY)
        switch random.integer(0...3) {
        case 0: return [c]
        case 1: return (0..<random.integer(2...4)).map { _ in c + Point2(random.normal(), random.normal()) * 0.4 }
        case 2:  // a tiny filled scribble
            let turns = random.uniform(1...3)
            return (0...20).map { s in
                let t = Double(s) / 20
                let a = 2 * Double.pi * turns * t
                return c + Point2(cos(a) * r.width / 2 * (1 - t), sin(a) * r.height / 2 * (1 - t))
            }
        default: return IdealShapes.ellipse(in: r, startAngle: random.uniform(0...6.28), sweep: 6.6, drift: 0)
        }
    }
}
