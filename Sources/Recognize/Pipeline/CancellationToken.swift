import Synchronization

/// A flag a caller sets to stop a recognition that is no longer wanted (a newer stroke arrived).
///
/// The recognizer calls ``check()`` between stages, so a cancelled run stops within one stage.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Creates a token that is not cancelled.
    public init() {}

    /// Asks every recognition holding this token to stop.
    public func cancel() { flag.store(true, ordering: .releasing) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    /// Throws `CancellationError` when the token was cancelled.
    public func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
