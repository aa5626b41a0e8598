import Recognize
import SketchModel

/// Clutter: strokes that are none of the classes, so the classifier can learn to say so.
extension PrimitiveSynthesizer {
    /// A random frame for clutter: anywhere from a small mark to a large scrawl.
    public mutating func clutterFrame(canvas: (width: Double, height: Double) = (390, 844)) -> Rect {
        let w = random.logUniform(12...min(300, canvas.width))
        let h = random.logUniform(12...min(300, canvas.height))
        return Rect(
            x: random.uniform(0...(canvas.width - w)), y: random.uniform(0...(canvas.height - h)), width: w, height: h)
    }

    /// Jagged random walks or a tangle through many random points inside `frame`: marks that
    /// look like nothing in NOTATION or DoodleUINet (no smooth waves, no few-segment shapes).
    public mutating func clutter(in frame: Rect) -> [[Point2]] {
        let size = Point2(frame.width, frame.height)
        func randomPoint(_ s: inout PrimitiveSynthesizer) -> Point2 {
            Point2(frame.minX + s.random.unit() * size.x, frame.minY + s.random.unit() * size.y)
        }
        if random.chance(0.5) {
            return (0..<random.integer(1...4)).map { _ in
                var p = randomPoint(&self)
                let step = random.uniform(0.05...0.15)
                var stroke = [p]
                for _ in 0..<random.integer(12...60) {
                    p += Point2(random.normal() * size.x, random.normal() * size.y) * step
                    stroke.append(p)
                }
                return stroke
            }
        }
        let corners = (0..<random.integer(7...16)).map { _ in randomPoint(&self) }
        return [pen.trace(corners, scale: max(min(size.x, size.y), 1), using: &random)]
    }

    /// Clutter at a random frame on a `canvas`-sized screen.
    public mutating func sampleClutter(canvas: (width: Double, height: Double) = (390, 844)) -> (
        strokes: [[Point2]], frame: Rect
    ) {
        let frame = clutterFrame(canvas: canvas)
        return (clutter(in: frame), frame)
    }
}
