/// A token bucket: `burst` tokens at most, refilled at `perSecond`.
struct TokenBucket {
    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var updatedAt: Double

    /// A full bucket at time `now` (seconds).
    init(burst: Double, perSecond: Double, now: Double) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
        updatedAt = now
    }

    /// Takes one token if there is one.
    mutating func take(now: Double) -> Bool {
        tokens = min(burst, tokens + max(0, now - updatedAt) * perSecond)
        updatedAt = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
