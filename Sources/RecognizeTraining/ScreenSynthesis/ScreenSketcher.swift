import Foundation
import Recognize
import SessionModel
import SketchModel

/// Sketches a generated screen stroke by stroke: wobbly lines, overshooting corners, uneven
/// squiggles, drawn with ``HandDrawnPen``'s quick hand and timed like a person drawing (points
/// every 8 ms, short pauses inside an element, longer ones between elements).
struct ScreenSketcher {
    var rng: SeededGenerator
    /// The session clock (ms).
    var clock: Double = 1000
    /// Jitter in points.
    var wobble = 1.2
    /// The share of plain rectangles drawn as two L-shaped strokes.
    var twoStrokeBoxes = 0.2
    /// Whether points carry time stamps (some clients send none).
    var timed = true
    private(set) var strokes: [[StrokePoint]] = []
    /// What each drawn stroke is (a primitive or DoodleUINet class), parallel to ``strokes``.
    private(set) var tags: [String] = []
    /// The class recorded for the strokes drawn next.
    var tag = "unknown"

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    /// Takes the strokes drawn since the last call.
    mutating func take() -> (strokes: [[StrokePoint]], tags: [String]) {
        defer {
            strokes = []
            tags = []
        }
        return (strokes, tags)
    }

    /// Starts a new element: a longer pause.
    mutating func nextElement() { clock += rng.uniform(600...1200) }

    /// Draws one stroke through `path` (resampled about every 3 points, with jitter), on the
    /// 1/8-point grid, a point every 8 ms.
    mutating func stroke(_ path: [(Double, Double)]) {
        let shaken = HandDrawnPen.shake(path.map { Point2($0.0, $0.1) }, sigma: wobble * 0.4, using: &rng)
        strokes.append(
            shaken.map { p in
                clock += 8
                return StrokePoint(
                    x: (p.x * 8).rounded() / 8, y: (p.y * 8).rounded() / 8, t: timed ? clock.rounded() : 0)
            })
        tags.append(tag)
        clock += rng.uniform(120...280)
    }

    // MARK: Primitives

    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let dx = abs(x1 - x0)
        let dy = abs(y1 - y0)
        tag = dx >= 3 * dy ? "horizontalLine" : dy >= 3 * dx ? "verticalLine" : "cancel"
        let bow = rng.gaussian(sigma: 1.2)
        let mx = (x0 + x1) / 2 - (y1 - y0) / max(hypot(x1 - x0, y1 - y0), 1) * bow
        let my = (y0 + y1) / 2 + (x1 - x0) / max(hypot(x1 - x0, y1 - y0), 1) * bow
        stroke([(x0, y0), (mx, my), (x1, y1)])
    }

    /// A rectangle in one stroke from the top-left corner, closing with a small overshoot.
    mutating func rectangle(_ r: Rect, rounded: Bool = false) {
        let o = rng.uniform(0...3)
        tag = rounded ? "roundedRectangle" : "rectangle"
        if rounded {
            let radius = min(r.height, r.width) * 0.3
            var path: [(Double, Double)] = []
            let corners = [
                (r.maxX - radius, r.minY + radius, -Double.pi / 2), (r.maxX - radius, r.maxY - radius, 0.0),
                (r.minX + radius, r.maxY - radius, Double.pi / 2), (r.minX + radius, r.minY + radius, Double.pi),
            ]
            path.append((r.minX + radius, r.minY))
            for (cx, cy, start) in corners {
                for k in 0...4 {
                    let a = start + Double(k) / 4 * .pi / 2
                    path.append((cx + radius * cos(a), cy + radius * sin(a)))
                }
            }
            path.append((r.minX + radius + o, r.minY))
            stroke(path)
        } else if rng.chance(twoStrokeBoxes) {
            // Two L-shaped strokes, as many people draw boxes: top and right, then left and bottom.
            stroke([
                (r.minX - o, r.minY), (r.maxX, r.minY + rng.gaussian(sigma: 0.8)),
                (r.maxX + rng.gaussian(sigma: 1), r.maxY + o),
            ])
            stroke([(r.minX, r.minY - o / 2), (r.minX + rng.gaussian(sigma: 1), r.maxY), (r.maxX + o / 2, r.maxY)])
        } else {
            stroke([
                (r.minX, r.minY), (r.maxX, r.minY + rng.gaussian(sigma: 0.8)), (r.maxX, r.maxY), (r.minX, r.maxY),
                (r.minX, r.minY - o),
            ])
        }
    }

    mutating func circle(cx: Double, cy: Double, r: Double) {
        tag = r <= 6 ? "dot" : "circle"
        let start = rng.uniform(0...(2 * .pi))
        let count = max(10, Int(r))
        stroke(
            (0...count).map { k in
                let a = start + Double(k) / Double(count) * 2.1 * .pi
                return (cx + r * cos(a), cy + r * sin(a))
            })
    }

    mutating func squiggle(_ r: Rect) {
        tag = "squiggle"
        let waves = max(2.0, (r.width / rng.uniform(10...16)).rounded())
        let count = Int(waves * 6)
        stroke(
            (0...count).map { k in
                let f = Double(k) / Double(count)
                return (r.minX + f * r.width, r.midY + sin(f * waves * 2 * .pi) * r.height / 2)
            })
    }

    mutating func cross(_ r: Rect) {
        line(r.minX, r.minY, r.maxX, r.maxY)
        line(r.maxX, r.minY, r.minX, r.maxY)
    }

    mutating func dot(cx: Double, cy: Double) {
        tag = "dot"
        stroke([(cx - 1.5, cy - 1), (cx + 1.5, cy), (cx, cy + 1.5), (cx - 1.5, cy - 1)])
    }

    /// A down-pointing triangle (a picker's drop-down mark).
    mutating func downTriangle(_ r: Rect) {
        tag = "play"
        stroke([(r.minX, r.minY), (r.maxX, r.minY), (r.midX, r.maxY), (r.minX, r.minY)])
    }

    /// A drawing (strokes of `[x, y]` points) scaled into `r`: keeping its aspect ratio, or
    /// `stretched` to fill it (as a person draws a wide squiggle or drop-down).
    mutating func drawing(_ strokes: [[(Double, Double)]], in r: Rect, tag label: String, stretched: Bool = false) {
        tag = label
        let all = strokes.flatMap { $0 }
        guard let minX = all.map(\.0).min(), let maxX = all.map(\.0).max(), let minY = all.map(\.1).min(),
            let maxY = all.map(\.1).max()
        else { return }
        var scaleX = r.width / max(maxX - minX, 1)
        var scaleY = r.height / max(maxY - minY, 1)
        if !stretched { (scaleX, scaleY) = (min(scaleX, scaleY), min(scaleX, scaleY)) }
        let dx = r.midX - (minX + maxX) / 2 * scaleX
        let dy = r.midY - (minY + maxY) / 2 * scaleY
        let saved = wobble
        wobble = 0.3
        for s in strokes where !s.isEmpty {
            stroke(s.map { ($0.0 * scaleX + dx, $0.1 * scaleY + dy) })
        }
        wobble = saved
    }
}
