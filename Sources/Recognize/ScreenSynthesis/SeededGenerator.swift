import Foundation

/// SplitMix64: a small seeded random number generator, identical on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same numbers.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// A normally distributed value (Box-Muller).
    mutating func gaussian(sigma: Double) -> Double {
        let u1 = max(uniform(0...1), 1e-12), u2 = uniform(0...1)
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
