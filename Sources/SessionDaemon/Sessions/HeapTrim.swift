import CMimalloc
import Dispatch
import Foundation
import Synchronization

/// Returns memory the allocator holds but no longer uses to the system.
///
/// sketchd's malloc is mimalloc (linked in, so it replaces glibc's for the whole process):
/// every thread allocates from its own heap and a free from another thread goes on a lock-free
/// list, where glibc's arenas took a lock that the service, recognition and writer threads
/// fought over (measured at 40 busy sessions: futex calls per change 9.8 -> 4.5). mimalloc
/// hands freed pages back by itself after a delay; a collection does it at once.
///
/// Much of a burst of sessions is freed after its closes: rooms go when the service thread has
/// run their close's completion, and the dispatch worker threads the burst woke (up to 255,
/// measured) free their caches only when they exit, about 5 to 10 s after going idle. So every
/// request collects at once and again `settleDelays` after the last request of a burst.
enum HeapTrim {
    /// How long after the last request the settling collections run: once the rooms have gone,
    /// and once the idle worker threads have exited.
    static let settleDelays = [2.0, 15.0]

    private static let queue = DispatchQueue(label: "sketchd.heap-trim", qos: .utility)
    /// Counts requests, so only the settling collection of the newest one runs.
    private static let requests = Mutex(0)

    /// Whether `pointer` came from mimalloc: the check that it is the process's malloc.
    static func isFromAllocator(_ pointer: UnsafeRawPointer) -> Bool {
        mi_is_in_heap_region(pointer)
    }

    static func returnFreeMemory() {
        collect()
        let request = requests.withLock { count in
            count += 1
            return count
        }
        for delay in settleDelays {
            queue.asyncAfter(deadline: .now() + delay) {
                if requests.withLock({ $0 }) == request { collect() }
            }
        }
    }

    /// Frees what the heaps of this queue's thread, of the service thread (where rooms and
    /// connections live and die) and of exited threads no longer use, and hands it to the
    /// system: a collection reaches only the calling thread's heap and the abandoned ones.
    private static func collect() {
        mi_collect(true)
        ServiceLoop.executor.run { mi_collect(true) }
    }
}
