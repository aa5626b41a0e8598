import Foundation
import SessionProtocol
import StrokeLog

/// The daemon's limits (PROTOCOL.md "Limits"); most can be changed with a flag.
struct DaemonLimits {
    var maxMessageBytes = 262_144
    /// The log's own limit (``Stroke/maxPoints``), checked in ``Stroke/validated()`` alone.
    let maxPointsPerStroke = Admission.maxPointsPerStroke
    var maxParticipants = 64
    var presenceHz = 30
    var outgoingQueue = 1024
    /// Bytes queued per connection before it is dropped to catch-up.
    var outgoingQueueBytes = 16 << 20
    /// WebSocket connections from one address at once.
    var maxConnectionsPerAddress = 256
    /// Ops: burst and sustained rate per identity (a client id in a session, over all its
    /// connections).
    var opBurst = 200.0
    var opsPerSecond = 50.0
    /// Live ink messages: burst and sustained rate per identity.
    var inkBurst = 240.0
    var inkPerSecond = 120.0
    /// One peer address may spend this many identities' worth of ops and ink (people behind
    /// one NAT), however many ids and connections it uses.
    var addressShare = 2.0
    /// `createSession` per address: burst and sustained rate.
    var createBurst = 20.0
    var createsPerSecond = 1.0
    /// `join` attempts per address: burst and sustained rate.
    var joinBurst = 60.0
    var joinsPerSecond = 20.0
    /// Wrong tokens per address before each further one doubles the wait (from 100 ms to 60 s).
    var freeTokenFailures = 8
    /// Seconds of silence before a PING, and before hanging up (vanished within 25 s).
    var pingSeconds: UInt16 = 10
    var hangupSeconds: UInt16 = 20
    /// Nice value of the recognition threads (0 = same priority as sockets and commits). Not
    /// higher by default: nice is against every process, so at +10 recognition starved whenever
    /// other processes kept the cores busy (a peer's results came over 10 s late).
    var recognitionNice: Int32 = 0
    /// Events per catch-up batch.
    var catchUpBatch = 500
    /// Replays and exports: one in flight per connection, and this burst and sustained rate.
    var heavyBurst = 10.0
    var heavyPerSecond = 2.0
    /// Seconds a session stays open with nobody in it before it is closed.
    var idleSeconds = 300
    /// Sessions open at once; the least recently used idle one is closed to make room.
    var maxOpenSessions = 1000
    /// Cores the daemon may use before it refuses new sessions (``NodeLoad``): 0.9 of the
    /// machine's.
    var cpuCapacity = 0.9 * Double(ProcessInfo.processInfo.activeProcessorCount)
    /// Milliseconds an op may wait for its ack before the node refuses new sessions.
    var maxAckDelayMs = 250
    /// Jobs the pool for blocking work (token checks, catch-up reads, state hashes, replays,
    /// exports) runs at once: two per core, at least 4, since most of that work waits on the
    /// disk and the rest (a replay's recognition) is rate-limited per connection. 4 on 2 cores.
    var blockingThreads = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    /// Jobs that wait for a slot of that pool at most; one more is refused with `busy`
    /// (a join's token check, a replay or export) or closes its connection with 1013 (a catch-up
    /// read, resumed by the client's next join). A flood of 1,000 joins at once fits.
    var blockingQueue = 1024

    /// What the daemon admits from clients.
    var admission: Admission { Admission() }

    var advertised: AdvertisedLimits {
        AdvertisedLimits(
            maxMessageBytes: maxMessageBytes, maxPointsPerStroke: maxPointsPerStroke,
            maxParticipants: maxParticipants, presenceHz: presenceHz, outgoingQueue: outgoingQueue)
    }
}
