import CSketchdLWS
import Foundation
import Synchronization

/// The global actor of everything the lws service thread owns: connections, rooms, the
/// registry, budgets, recognition schedulers and the daemon itself. Its executor is the lws
/// loop, so the compiler checks that only the service thread touches them, and workers hand
/// results back by `await`ing into it.
@globalActor
actor ServiceLoop {
    static let shared = ServiceLoop()
    /// Runs the jobs of this actor on the thread that services libwebsockets.
    static let executor = ServiceLoopExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    /// Runs `operation` in the actor's isolation, synchronously; only valid on the service
    /// thread (it traps elsewhere). The lws callbacks arrive there outside any task, and
    /// `main` adopts the thread before it builds the daemon.
    static func assumeIsolated<T>(_ operation: @ServiceLoop () throws -> T) rethrows -> T {
        shared.preconditionIsolated()
        return try withoutActuallyEscaping(operation) { isolated in
            // The check above proved the isolation the function type asks for.
            try unsafeBitCast(isolated, to: (() throws -> T).self)()
        }
    }
}

/// The serial executor of ``ServiceLoop``: jobs are queued from any thread, the loop is woken,
/// and the service thread runs them in order when libwebsockets reports the wake.
final class ServiceLoopExecutor: SerialExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let serviceThread = Atomic<UInt>(0)
    private let waker = Mutex<LoopWaker?>(nil)

    /// Makes the calling thread the service thread (before the daemon is built on it).
    func adoptCurrentThread() { serviceThread.store(UInt(pthread_self()), ordering: .releasing) }

    /// Where wakes go once the lws context exists; nil when it is gone.
    func wake(through waker: LoopWaker?) {
        self.waker.withLock { $0 = waker }
        if jobs.withLock({ !$0.isEmpty }) { waker?.wake() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let first = jobs.withLock { jobs in
            jobs.append(job)
            return jobs.count == 1
        }
        if first { waker.withLock { $0 }?.wake() }
    }

    /// Runs every queued job, and those they queue; service thread only.
    func runJobs() {
        while true {
            let batch = jobs.withLock { jobs in
                defer { jobs = [] }
                return jobs
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }

    func isIsolatingCurrentContext() -> Bool? { isServiceThread }

    func checkIsolated() {
        precondition(isServiceThread, "ServiceLoop work off the lws service thread")
    }

    private var isServiceThread: Bool {
        pthread_equal(pthread_t(serviceThread.load(ordering: .acquiring)), pthread_self()) != 0
    }
}

/// Wakes the lws loop from any thread.
final class LoopWaker: @unchecked Sendable {  // lws_cancel_service is thread-safe; `lock` guards the pointer's lifetime
    private let lock = NSLock()
    private var context: OpaquePointer?

    init(context: OpaquePointer) { self.context = context }

    func wake() {
        lock.withLock {
            if let context { sketchd_server_wake(context) }
        }
    }

    /// Stops waking (before the context is destroyed).
    func invalidate() { lock.withLock { context = nil } }
}
