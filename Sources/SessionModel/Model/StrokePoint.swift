/// One sampled point of a stroke, in canvas points of the screen it was drawn on.
///
/// Points are canonicalised when they enter the log (see ``StrokePoint/canonical(x:y:t:pressure:)``):
/// coordinates are multiples of 1/8 point, time is whole milliseconds and pressure is a multiple
/// of 1/255. Canonical values survive JSON and binary round trips bit for bit (pressure travels
/// rounded and is put back on its grid when read), which keeps folds and state hashes identical
/// on every machine.
public struct StrokePoint: Hashable, Sendable, Codable {
    /// Horizontal position, canvas points, origin at the left.
    public var x: Double
    /// Vertical position, canvas points, origin at the top, y downwards.
    public var y: Double
    /// Milliseconds since the first point of the session (0 when unknown).
    public var t: Double
    /// Pen pressure in 0...1 when the device reports it.
    public var pressure: Double?

    /// Creates a point from values that are already canonical.
    public init(x: Double, y: Double, t: Double = 0, pressure: Double? = nil) {
        self.x = x
        self.y = y
        self.t = t
        self.pressure = pressure
    }

    /// Largest absolute coordinate the log accepts.
    public static let coordinateLimit: Double = 100_000
    /// Largest time stamp the log accepts (about 49 days in milliseconds).
    public static let timeLimit: Double = 4_294_967_295

    /// Validates raw input and rounds it to the canonical grid.
    /// - Throws: ``StrokeLogError/invalidNumber(_:)`` for NaN, infinities or out-of-range values.
    public static func canonical(x: Double, y: Double, t: Double = 0, pressure: Double? = nil) throws -> StrokePoint {
        guard x.isFinite, y.isFinite, t.isFinite else {
            throw StrokeLogError.invalidNumber("point coordinates must be finite numbers")
        }
        guard abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else {
            throw StrokeLogError.invalidNumber("point coordinates must lie within ±\(Int(coordinateLimit))")
        }
        guard t >= 0, t <= timeLimit else {
            throw StrokeLogError.invalidNumber("point time must be within 0...\(Int(timeLimit)) ms")
        }
        var canonicalPressure: Double?
        if let pressure {
            guard pressure.isFinite, pressure >= 0, pressure <= 1 else {
                throw StrokeLogError.invalidNumber("pressure must be a finite number in 0...1")
            }
            canonicalPressure = canonical(pressure: pressure)
        }
        return StrokePoint(
            x: (x * 8).rounded() / 8, y: (y * 8).rounded() / 8, t: t.rounded(), pressure: canonicalPressure)
    }

    /// `pressure` on the grid of 1/255 (idempotent).
    public static func canonical(pressure: Double) -> Double { (pressure * 255).rounded() / 255 }

    /// The pressure as points travel in JSON: the shortest decimal, of at most three places, that
    /// ``canonical(pressure:)`` takes back to ``pressure`` (128/255 travels as 0.5, not
    /// 0.5019607843137255, and 100/255 as 0.392). A 100-point stroke's record is about 45% shorter for it.
    public var pressureOnTheWire: Double? {
        guard let pressure, pressure.isFinite else { return pressure }
        let step = (pressure * 255).rounded()
        for scale in [10.0, 100.0] {
            let short = (pressure * scale).rounded() / scale
            if (short * 255).rounded() == step { return short }
        }
        return (pressure * 1000).rounded() / 1000
    }
}
