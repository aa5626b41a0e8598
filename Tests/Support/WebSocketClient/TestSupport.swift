import Foundation

/// A value shared between threads of a test or benchmark.
public final class Locked<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value { condition.withLock { stored } }
    public func update(_ body: (inout Value) -> Void) {
        condition.withLock {
            body(&stored)
            condition.broadcast()
        }
    }

    /// Waits until `predicate` holds for the value (checked after every ``update(_:)``), at most
    /// `timeout` seconds; returns whether it held.
    public func wait(until predicate: (Value) -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while !predicate(stored) {
                guard condition.wait(until: deadline) else { return predicate(stored) }
            }
            return true
        }
    }
}

/// SplitMix64: a small seeded generator, so a failing run can be repeated exactly.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
