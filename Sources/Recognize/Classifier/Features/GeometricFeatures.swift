import Foundation

/// Shape statistics of a normalised, resampled stroke group, plus its size relative to the frame.
///
/// Order (``FeatureSpec/version`` 2):
/// 0 log stroke count, 1 log aspect ratio (w/h, see ``aspectFloor``), 2 total ink length in box sides / 4,
/// 3 length-weighted closedness, 4 length-weighted straightness, 5 log(1 + corner count),
/// 6 frame present (0/1), 7 log(width / frame width), 8 log(height / frame height).
///
/// Position within the frame is deliberately absent: the classes are shapes, and where a shape
/// sits (top bar, bottom bar) is decided by composition, not by the classifier. Size relative to
/// the frame is kept because it separates a dot from a circle and a bar from a box; it is
/// neutral (all zero) when the frame is unknown, as for single DoodleUINet drawings.
enum GeometricFeatures {
    static let count = 9

    /// Turning angle above which a resampled point counts as part of a corner.
    static let cornerAngle = 50.0 * Double.pi / 180
    /// Added to both sides before the aspect ratio (as a fraction of the longer side), so lines
    /// get a finite, scale-invariant aspect.
    static let aspectFloor = 0.02
    /// Points either side used to measure the turning angle.
    static let cornerWindow = 3

    static func compute(
        normalised strokes: [[Point2]], rawSize: Point2, frame: (width: Double, height: Double)?
    ) -> [Float] {
        var lengths: [Double] = []
        var closedness: [Double] = []
        var straightness: [Double] = []
        var corners = 0
        for stroke in strokes {
            let length = ArcLengthResampler.length(of: stroke)
            let gap = stroke.count > 1 ? (stroke[stroke.count - 1] - stroke[0]).length : 0
            lengths.append(length)
            if length > 1e-9 {
                closedness.append(1 - min(1, 3 * gap / length))
                straightness.append(gap / length)
            } else {
                closedness.append(1)
                straightness.append(0)
            }
            corners += cornerCount(stroke)
        }
        let total = lengths.reduce(0, +)
        var weightedClosed = 0.0
        var weightedStraight = 0.0
        if total > 1e-9 {
            for i in lengths.indices {
                weightedClosed += lengths[i] / total * closedness[i]
                weightedStraight += lengths[i] / total * straightness[i]
            }
        }
        let side = max(rawSize.x, rawSize.y, 1e-9)
        var features: [Double] = [
            log(Double(max(strokes.count, 1))),
            log((rawSize.x + aspectFloor * side) / (rawSize.y + aspectFloor * side)),
            total / 4,
            weightedClosed,
            weightedStraight,
            log(1 + Double(corners)),
        ]
        features += frameFeatures(rawSize: rawSize, frame: frame)
        return features.map { Float($0) }
    }

    /// Presence flag and log size relative to the frame, clamped to a sane range.
    private static func frameFeatures(rawSize: Point2, frame: (width: Double, height: Double)?) -> [Double] {
        guard let frame, frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else {
            return [0, 0, 0]
        }
        func relative(_ size: Double, _ extent: Double) -> Double {
            min(max(log(max(size, 0.5) / extent), -6), 2)
        }
        return [1, relative(rawSize.x, frame.width), relative(rawSize.y, frame.height)]
    }

    /// Counts runs of sharp turning along a resampled stroke.
    static func cornerCount(_ stroke: [Point2]) -> Int {
        let k = cornerWindow
        guard stroke.count > 2 * k else { return 0 }
        var count = 0
        var previousSharp = false
        for i in k..<(stroke.count - k) {
            let a = stroke[i] - stroke[i - k]
            let b = stroke[i + k] - stroke[i]
            let turn = abs(atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
            let sharp = turn > cornerAngle
            if sharp && !previousSharp { count += 1 }
            previousSharp = sharp
        }
        return count
    }
}
