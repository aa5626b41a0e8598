import Dispatch
import Synchronization

/// Where the service thread lets go of values whose last release walks a whole session: a
/// folded `SessionState` (every stroke and action of the session, which grows with each one)
/// replaced by a newer one, or one a recognition run no longer needs. With 200 sessions,
/// freeing them on the service thread was a tenth of its time.
///
/// Values are let go of in batches, `batchDelay` after the first of a batch: one background
/// wake for every change made in that time, not one per change (each wake is a futex wake on
/// the service thread and a switch on the worker).
enum ReleaseQueue {
    /// How long a value waits for others to be released with it.
    static let batchDelay = DispatchTimeInterval.milliseconds(20)

    private static let queue = DispatchQueue(label: "sketchd.release", qos: .utility)
    /// Values waiting for the next batch; empty when no batch is scheduled.
    private static let waiting = Mutex<[any Sendable]>([])

    /// Releases `value` on a background thread, so the caller must hold no other reference.
    static func release<Value: Sendable>(_ value: consuming sending Value) {
        let held: any Sendable = value
        let first = waiting.withLock { waiting in
            waiting.append(held)
            return waiting.count == 1
        }
        if first { queue.asyncAfter(deadline: .now() + batchDelay) { releaseWaiting() } }
    }

    /// Drops every waiting value on the calling (background) thread.
    private static func releaseWaiting() {
        let batch = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        withExtendedLifetime(batch) {}
    }
}
