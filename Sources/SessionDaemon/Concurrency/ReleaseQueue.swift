import Dispatch

/// Where the service thread lets go of values whose last release walks a whole session: a
/// folded `SessionState` (every stroke and action of the session, which grows with each one)
/// replaced by a newer one, or one a recognition run no longer needs. With 200 sessions,
/// freeing them on the service thread was a tenth of its time.
enum ReleaseQueue {
    private static let queue = DispatchQueue(label: "sketchd.release", qos: .utility)

    /// Releases `value` on a background thread, so the caller must hold no other reference.
    static func release<Value: Sendable>(_ value: consuming sending Value) {
        let held = value
        queue.async { withExtendedLifetime(held) {} }
    }
}
