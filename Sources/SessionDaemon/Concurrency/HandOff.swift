import Synchronization

/// A value handed to a worker through a task: the worker takes it out, so the task's closure,
/// released on the service thread when the task ends, no longer holds it, and the worker's
/// thread drops the last reference (a recognition run's `SessionState`, see ``ReleaseQueue``).
final class HandOff<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: sending Value) { self.value = Mutex(value) }

    /// The value, once; nil after the first take.
    func take() -> Value? { value.withLock { $0.take() } }
}
