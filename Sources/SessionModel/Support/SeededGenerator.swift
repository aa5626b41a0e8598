import Foundation

/// SplitMix64: the one seeded random number generator of the repository, behind every synthetic
/// sample, training shuffle, generated screen, property test and benchmark workload.
///
/// Equal seeds give equal sequences on every platform and Swift version: its own uniform and
/// normal helpers do not go through the standard library's `random(in:using:)`, which does not
/// promise that. The shipped models and the evaluation figures depend on this exact sequence.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0 ..< 1`.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Uniform integer in `range` (the next value modulo the range's size).
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// Standard normal sample (Box-Muller).
    public mutating func normal() -> Double {
        gaussian(sigma: 1)
    }

    /// Normal sample with mean 0 and standard deviation `sigma` (Box-Muller).
    public mutating func gaussian(sigma: Double) -> Double {
        let u1 = max(unit(), 1e-12)
        let u2 = unit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Log-uniform in `range` (both bounds positive): good for sizes spanning decades.
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        exp(uniform(log(range.lowerBound)...log(range.upperBound)))
    }
}
