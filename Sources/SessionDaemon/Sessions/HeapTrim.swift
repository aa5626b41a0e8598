import CSketchdLWS
import Dispatch
import Foundation
import Synchronization

/// Returns memory the allocator holds but no longer uses to the system (glibc keeps freed
/// heap, per thread arena, until asked).
///
/// Much of a burst of sessions is freed after its closes: rooms go when the service thread has
/// run their close's completion, and the dispatch worker threads the burst woke (up to 255,
/// measured) free their caches only when they exit, about 5 to 10 s after going idle. A trim at
/// the moment of the close finds most of it still in use (measured: 2,000 sessions left 77 MiB
/// against a 28 MiB baseline, and one `malloc_trim` a minute later brought it to 35 MiB, with
/// 0.7 MiB of the heap in use). So every request trims at once and again `settleDelays` after
/// the last request of a burst.
enum HeapTrim {
    /// How long after the last request the settling trims run: once the rooms have gone, and
    /// once the idle worker threads have exited.
    static let settleDelays = [2.0, 15.0]

    private static let queue = DispatchQueue(label: "sketchd.heap-trim", qos: .utility)
    /// Counts requests, so only the settling trim of the newest one runs.
    private static let requests = Mutex(0)

    /// Lets glibc malloc make at most `count` arenas (`mallopt(M_ARENA_MAX)`); call before
    /// any thread is started. False if glibc refused.
    @discardableResult
    static func limitArenas(to count: Int) -> Bool {
        sketchd_limit_arenas(Int32(max(1, count))) == 1
    }

    static func returnFreeMemory() {
        sketchd_trim_heap()
        let request = requests.withLock { count in
            count += 1
            return count
        }
        for delay in settleDelays {
            queue.asyncAfter(deadline: .now() + delay) {
                if requests.withLock({ $0 }) == request { sketchd_trim_heap() }
            }
        }
    }
}
