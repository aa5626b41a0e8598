import Foundation

/// The budgets a client spends, shared by every connection that spends them: per proven
/// identity (a client id in a session) for ops, ink and presence, and per peer address for ops,
/// ink, `createSession`, join attempts and wrong tokens. Opening more connections buys nothing.
///
/// Entries outlive their connections until they are back to a fresh state (full buckets, no
/// back-off), so hanging up and coming back does not refill them either.
@ServiceLoop
final class Budgets {
    private let limits: DaemonLimits
    private var identities: [IdentityKey: IdentityBudget] = [:]
    private var addresses: [String: AddressBudget] = [:]

    init(limits: DaemonLimits) { self.limits = limits }

    /// The budget of `clientId` in `session`.
    func identity(_ clientId: String, inSession session: String, now: Double) -> IdentityBudget {
        let key = IdentityKey(session: session, clientId: clientId)
        if let budget = identities[key] { return budget }
        let budget = IdentityBudget(limits: limits, now: now)
        identities[key] = budget
        return budget
    }

    /// The budget of a peer address.
    func address(_ address: String, now: Double) -> AddressBudget {
        if let budget = addresses[address] { return budget }
        let budget = AddressBudget(limits: limits, now: now)
        addresses[address] = budget
        return budget
    }

    /// Forgets the budgets that are as good as new and that no connection holds (a held one
    /// must stay the one its identity's or address's next connection gets). Call now and then.
    func prune(now: Double) {
        for key in Array(identities.keys)
        where identities[key]!.isFresh(now: now) && isKnownUniquelyReferenced(&identities[key]!) {
            identities[key] = nil
        }
        for key in Array(addresses.keys)
        where addresses[key]!.isFresh(now: now) && isKnownUniquelyReferenced(&addresses[key]!) {
            addresses[key] = nil
        }
    }

    private struct IdentityKey: Hashable {
        var session: String
        var clientId: String
    }
}

/// What one identity (a client id in a session) may spend, over all its connections.
@ServiceLoop
final class IdentityBudget {
    var ops: TokenBucket
    var ink: TokenBucket
    /// When this identity's presence was last relayed (at most `presenceHz` a second).
    var lastPresenceAt = -Double.infinity
    /// When a rate-limit error for ink was last sent (ink errors are themselves limited).
    var lastInkErrorAt = -Double.infinity

    init(limits: DaemonLimits, now: Double) {
        ops = TokenBucket(burst: limits.opBurst, perSecond: limits.opsPerSecond, now: now)
        ink = TokenBucket(burst: limits.inkBurst, perSecond: limits.inkPerSecond, now: now)
    }

    func isFresh(now: Double) -> Bool { ops.isFull(now: now) && ink.isFull(now: now) && now - lastPresenceAt > 1 }
}

/// What one peer address may spend, over all its connections and identities.
@ServiceLoop
final class AddressBudget {
    var ops: TokenBucket
    var ink: TokenBucket
    var creates: TokenBucket
    var joins: TokenBucket
    /// Wrong tokens: each one past the free ones doubles the wait before the next join.
    var tokenFailures: BackOff

    init(limits: DaemonLimits, now: Double) {
        let share = limits.addressShare
        ops = TokenBucket(burst: limits.opBurst * share, perSecond: limits.opsPerSecond * share, now: now)
        ink = TokenBucket(burst: limits.inkBurst * share, perSecond: limits.inkPerSecond * share, now: now)
        creates = TokenBucket(burst: limits.createBurst, perSecond: limits.createsPerSecond, now: now)
        joins = TokenBucket(burst: limits.joinBurst, perSecond: limits.joinsPerSecond, now: now)
        tokenFailures = BackOff(free: limits.freeTokenFailures, base: 0.1, ceiling: 60, halfLife: 60)
    }

    func isFresh(now: Double) -> Bool {
        ops.isFull(now: now) && ink.isFull(now: now) && creates.isFull(now: now) && joins.isFull(now: now)
            && tokenFailures.isForgotten(now: now)
    }
}

/// Exponential back-off after failures: the first `free` cost nothing, each further one doubles
/// the wait (from `base` seconds up to `ceiling`); failures fade with a half-life.
struct BackOff {
    let free: Double
    let base: Double
    let ceiling: Double
    let halfLife: Double
    private var failures = 0.0
    private var lastFailureAt = -Double.infinity
    private(set) var blockedUntil = -Double.infinity

    init(free: Int, base: Double, ceiling: Double, halfLife: Double) {
        self.free = Double(free)
        self.base = base
        self.ceiling = ceiling
        self.halfLife = halfLife
    }

    /// Counts a failure at `now` and extends the wait.
    mutating func fail(now: Double) {
        failures = failures * Self.decay(now - lastFailureAt, halfLife: halfLife) + 1
        lastFailureAt = now
        guard failures > free else { return }
        let wait = min(ceiling, base * Self.power(failures - free))
        blockedUntil = max(blockedUntil, now + wait)
    }

    /// Milliseconds until trying again is allowed (0 when it is now).
    func millisecondsToWait(now: Double) -> Int {
        now >= blockedUntil ? 0 : Int(((blockedUntil - now) * 1000).rounded(.up))
    }

    func isForgotten(now: Double) -> Bool {
        now >= blockedUntil && failures * Self.decay(now - lastFailureAt, halfLife: halfLife) < 0.5
    }

    private static func decay(_ elapsed: Double, halfLife: Double) -> Double {
        elapsed.isFinite ? exp2(-max(0, elapsed) / halfLife) : 0
    }

    private static func power(_ exponent: Double) -> Double { exp2(min(exponent, 30)) }
}
