import Foundation

/// The only way worker threads talk to the lws service thread: they post a closure here and
/// wake the loop (`lws_cancel_service`); the service thread runs the closures in posting order
/// when it sees `LWS_CALLBACK_EVENT_WAIT_CANCELLED`.
final class ServiceInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [() -> Void] = []
    private let wake: () -> Void

    /// An inbox whose `post` calls `wake` (which must be safe from any thread).
    init(wake: @escaping () -> Void) { self.wake = wake }

    /// Queues `work` for the service thread; callable from any thread.
    func post(_ work: @escaping () -> Void) {
        let needsWake: Bool = lock.withLock {
            pending.append(work)
            return pending.count == 1
        }
        if needsWake { wake() }
    }

    /// Runs everything posted so far; service thread only.
    func drain() {
        while true {
            let batch: [() -> Void] = lock.withLock {
                defer { pending = [] }
                return pending
            }
            if batch.isEmpty { return }
            batch.forEach { $0() }
        }
    }
}
