import Foundation

/// Seconds on a monotonic clock.
struct MonotonicClock {
    var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
