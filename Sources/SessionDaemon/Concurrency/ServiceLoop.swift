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
    /// What the service thread runs next, in the order it was queued.
    private enum Work {
        /// A task's job (an `await` into ``ServiceLoop``, or a task isolated to it).
        case job(UnownedJob)
        /// A plain call from another thread (``run(_:)``).
        case call(@ServiceLoop @Sendable () -> Void)
    }

    private let queued = Mutex<[Work]>([])
    private let serviceThread = Atomic<UInt>(0)
    private let waker = Mutex<(any ServiceLoopWaker)?>(nil)

    /// Makes the calling thread the service thread (before the daemon is built on it).
    func adoptCurrentThread() { serviceThread.store(UInt(pthread_self()), ordering: .releasing) }

    /// Where wakes go once the loop exists (the lws context, or a test's); nil when it is gone.
    func wake(through waker: (any ServiceLoopWaker)?) {
        self.waker.withLock { $0 = waker }
        if queued.withLock({ !$0.isEmpty }) { waker?.wake() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        add(.job(UnownedJob(job)))
    }

    /// Runs `call` on the service thread after everything queued before it, without a task: a
    /// task made off the loop (`Task { @ServiceLoop in … }`) starts on the global executor and
    /// only then switches here, waking one more thread each time (measured: one per commit).
    func run(_ call: @escaping @ServiceLoop @Sendable () -> Void) {
        add(.call(call))
    }

    private func add(_ work: Work) {
        let first = queued.withLock { queued in
            queued.append(work)
            return queued.count == 1
        }
        if first { waker.withLock { $0 }?.wake() }
    }

    /// Runs everything queued, and what that queues; service thread only.
    func runJobs() {
        while true {
            let batch = queued.withLock { queued in
                defer { queued = [] }
                return queued
            }
            if batch.isEmpty { return }
            for work in batch {
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
                case .call(let call): ServiceLoop.assumeIsolated { call() }
                }
            }
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

/// Wakes the thread that runs ``ServiceLoop``'s jobs, from any thread: the lws loop in the
/// daemon, a test's thread in the services' unit tests.
protocol ServiceLoopWaker: Sendable {
    func wake()
}
