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
