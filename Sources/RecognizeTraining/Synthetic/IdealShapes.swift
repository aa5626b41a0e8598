import Foundation
import Recognize
import SketchModel

/// Ideal (perfect) paths the synthesizer draws over; the pen adds the human part.
enum IdealShapes {
    /// The four corners clockwise from the top left.
    static func corners(of r: Rect) -> [Point2] {
        [Point2(r.minX, r.minY), Point2(r.maxX, r.minY), Point2(r.maxX, r.maxY), Point2(r.minX, r.maxY)]
    }

    /// A straight segment extended (positive) or shortened (negative) at each end by a fraction
    /// of its length: the overshoot of quick hand-drawn lines.
    static func segment(_ a: Point2, _ b: Point2, startExtension: Double, endExtension: Double) -> [Point2] {
        let d = b - a
        return [a - d * startExtension, b + d * endExtension]
    }

    /// A closed loop through `points` starting at index `start`, in either direction, that runs
    /// `closing` of the first side again at the end (negative leaves a gap).
    static func loop(_ points: [Point2], start: Int, clockwise: Bool, closing: Double) -> [Point2] {
        let n = points.count
        var ordered = (0..<n).map { points[(start + (clockwise ? $0 : n - $0)) % n] }
        ordered.append(ordered[0])
        let first = ordered[1] - ordered[0]
        if closing >= 0 {
            ordered.append(ordered[0] + first * closing)
        } else {
            ordered[ordered.count - 1] = ordered[0] + (ordered[n - 1] - ordered[0]) * (-closing)
        }
        return ordered
    }

    /// Points of a rounded rectangle's outline, clockwise from the top-left arc's end.
    static func roundedRectangle(_ r: Rect, radius: Double) -> [Point2] {
        let rad = min(radius, r.width / 2, r.height / 2)
        let centres = [
            Point2(r.maxX - rad, r.minY + rad), Point2(r.maxX - rad, r.maxY - rad),
            Point2(r.minX + rad, r.maxY - rad), Point2(r.minX + rad, r.minY + rad),
        ]
        var out: [Point2] = []
        for (k, c) in centres.enumerated() {
            let startAngle = -Double.pi / 2 + Double(k) * Double.pi / 2
            for s in 0...8 {
                let a = startAngle + Double(s) / 8 * Double.pi / 2
                out.append(c + Point2(cos(a), sin(a)) * rad)
            }
        }
        return out
    }

    /// An elliptical arc through the rectangle's inscribed ellipse; `drift` shrinks or grows the
    /// radius linearly over the sweep (a loop that does not meet itself exactly).
    static func ellipse(in r: Rect, startAngle: Double, sweep: Double, drift: Double) -> [Point2] {
        let steps = 48
        let c = Point2(r.midX, r.midY)
        return (0...steps).map { s in
            let t = Double(s) / Double(steps)
            let a = startAngle + sweep * t
            let k = 1 + drift * t
            return c + Point2(cos(a) * r.width / 2 * k, sin(a) * r.height / 2 * k)
        }
    }
}
