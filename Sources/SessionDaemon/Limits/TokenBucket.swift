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

    /// Whether the bucket has refilled completely (as good as a new one).
    func isFull(now: Double) -> Bool { tokens + max(0, now - updatedAt) * perSecond >= burst }

    /// Milliseconds until the next token (0 when one is there).
    func millisecondsUntilNextToken(now: Double) -> Int {
        let available = min(burst, tokens + max(0, now - updatedAt) * perSecond)
        return available >= 1 ? 0 : Int(((1 - available) / perSecond * 1000).rounded(.up))
    }
}
