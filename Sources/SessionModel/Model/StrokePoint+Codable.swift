extension StrokePoint {
    /// Points travel as compact arrays: `[x, y]`, `[x, y, t]` or `[x, y, t, pressure]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let x = try container.decode(Double.self)
        let y = try container.decode(Double.self)
        let t = container.isAtEnd ? 0 : try container.decode(Double.self)
        let pressure = container.isAtEnd ? nil : try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a point has 2 to 4 numbers")
        }
        // Pressure travels rounded (``pressureOnTheWire``): back onto its grid.
        self.init(x: x, y: y, t: t, pressure: pressure.map(Self.canonical(pressure:)))
    }

    /// Encodes as `[x, y, t]`, or `[x, y, t, pressure]` when pressure is known (as
    /// ``pressureOnTheWire``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(t)
        if let pressure = pressureOnTheWire { try container.encode(pressure) }
    }
}
