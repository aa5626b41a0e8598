import Foundation
import Recognize
import SessionModel

/// Seeded geometric jitter applied to training drawings each epoch.
///
/// A random rotation, anisotropic scale and shear about the drawing's centre, a small shift per
/// stroke and per-point tremor. Drawings without a frame are, half of the time, placed on a
/// phone-sized frame at a random icon size, so the frame-relative features see doodles at
/// realistic sizes instead of learning "frame present means primitive"; conversely drawings with
/// a frame lose it now and then, so a caller without a frame still gets sensible answers.
public struct Augmentation: Sendable {
    /// Largest rotation, radians.
    public var rotation = 0.2
    /// Largest log scale change per axis.
    public var logScale = 0.2
    /// Largest shear factor.
    public var shear = 0.2
    /// Per-stroke shift as a fraction of the drawing size.
    public var strokeShift = 0.02
    /// Per-point tremor as a fraction of the drawing size.
    public var tremor = 0.004
    /// Probability that a frameless drawing is shown on a frame.
    public var placeOnFrame = 0.5
    /// Probability that a drawing with a frame is shown without it.
    public var dropFrame = 0.2
    /// Longer side, in points, of a frameless drawing placed on a frame.
    public var placedSize: ClosedRange<Double> = 16...200
    /// The frame frameless drawings are placed on.
    public var phoneFrame = Point2(390, 844)

    /// The default augmentation.
    public init() {}

    /// A jittered copy of `drawing` and the frame to classify it with.
    public func apply(_ drawing: LabeledDrawing, using rng: inout SeededGenerator) -> (
        strokes: [[Point2]], frame: Point2?
    ) {
        apply(drawing.strokes, frame: drawing.frameSize, using: &rng)
    }

    /// A jittered copy of `strokes` drawn on `frame` (nil: on their own), and the frame to
    /// classify them with.
    public func apply(_ strokes: [[Point2]], frame: Point2?, using rng: inout SeededGenerator) -> (
        strokes: [[Point2]], frame: Point2?
    ) {
        guard let box = strokes.bounds else { return (strokes, frame) }
        let centre = (box.min + box.max) * 0.5
        let extent = max(box.max.x - box.min.x, box.max.y - box.min.y, 1e-6)
        var frame = frame
        var resize = 1.0
        if frame == nil {
            if rng.chance(placeOnFrame) {
                frame = phoneFrame
                resize = rng.logUniform(placedSize) / extent
            }
        } else if rng.chance(dropFrame) {
            frame = nil
        }
        let angle = rng.uniform(-rotation...rotation)
        let sx = exp(rng.uniform(-logScale...logScale)) * resize
        let sy = exp(rng.uniform(-logScale...logScale)) * resize
        let sh = rng.uniform(-shear...shear)
        let (c, s) = (cos(angle), sin(angle))
        // M = R(angle) · [[sx, sh·sx], [0, sy]]
        let m00 = c * sx
        let m01 = c * sh * sx - s * sy
        let m10 = s * sx
        let m11 = s * sh * sx + c * sy
        let size = extent * resize
        let jittered = strokes.map { stroke -> [Point2] in
            let shift = Point2(rng.normal(), rng.normal()) * (strokeShift * size)
            return stroke.map { p in
                let d = p - centre
                let q = Point2(m00 * d.x + m01 * d.y, m10 * d.x + m11 * d.y)
                return q + shift + Point2(rng.normal(), rng.normal()) * (tremor * size)
            }
        }
        return (jittered, frame)
    }
}
