import ArgumentParser
import Recognize

/// `sketchd`'s command line (swift-argument-parser): where to listen and store, and every limit.
struct DaemonOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sketchd",
        abstract: "Serve the sketching canvas and its collaborative session protocol (docs/PROTOCOL.md).")

    @Option(help: "The address to listen on; loopback unless you mean otherwise.")
    var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "0-65535"))
    var port = 8080
    @Option(name: .customLong("data-dir"), help: "The directory of session files.")
    var dataDirectory = "./data"
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "Where sessions are kept instead of --data-dir: a directory of SQLite files, or a PostgreSQL database (the cluster's log of record, docs/DEPLOY.md).",
            valueName: "directory|postgres://user@host:port/database"))
    var store: String?
    @Option(name: .customLong("web-root"), help: "The web client to serve.")
    var webRoot = "web"

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "Also accept WebSocket upgrades from pages of this origin (repeatable), e.g. https://sketch.example.org; by default only the daemon's own pages (and clients that send no Origin, which are not browser pages) may connect.",
            valueName: "scheme://host[:port]"))
    var allowedOrigins: [String] = []
    @Option(name: .customLong("max-message-bytes"), help: "The largest client message.")
    var maxMessageBytes = DaemonLimits().maxMessageBytes
    @Option(name: .customLong("max-participants"), help: "Connections per session.")
    var maxParticipants = DaemonLimits().maxParticipants
    @Option(name: .customLong("max-queue"), help: "Messages queued per connection before it is dropped to catch-up.")
    var outgoingQueue = DaemonLimits().outgoingQueue
    @Option(name: .customLong("max-queue-bytes"), help: "Bytes queued per connection before it is dropped to catch-up.")
    var outgoingQueueBytes = DaemonLimits().outgoingQueueBytes
    @Option(name: .customLong("max-connections-per-address"), help: "WebSocket connections from one address at once.")
    var maxConnectionsPerAddress = DaemonLimits().maxConnectionsPerAddress
    @Option(name: .customLong("ops-per-second"), help: "Sustained ops per client.")
    var opsPerSecond = Int(DaemonLimits().opsPerSecond)
    @Option(name: .customLong("op-burst"), help: "Burst of ops per client.")
    var opBurst = Int(DaemonLimits().opBurst)
    @Option(name: .customLong("ink-per-second"), help: "Sustained live-ink messages per client.")
    var inkPerSecond = Int(DaemonLimits().inkPerSecond)
    @Option(name: .customLong("ink-burst"), help: "Burst of live-ink messages per client.")
    var inkBurst = Int(DaemonLimits().inkBurst)
    @Option(
        name: .customLong("creates-per-second"),
        help: "Sustained createSession per peer address (burst 20, or this if more).")
    var createsPerSecond = Int(DaemonLimits().createsPerSecond)
    @Option(
        name: .customLong("joins-per-second"),
        help: "Sustained join attempts per peer address (burst 60, or this if more).")
    var joinsPerSecond = Int(DaemonLimits().joinsPerSecond)
    @Option(
        name: .customLong("free-token-failures"),
        help: "Wrong tokens per peer address before each further one doubles the wait.")
    var freeTokenFailures = DaemonLimits().freeTokenFailures
    @Option(name: .customLong("ping-seconds"), help: "Silence before a ping.")
    var pingSeconds = Int(DaemonLimits().pingSeconds)
    @Option(name: .customLong("hangup-seconds"), help: "Silence before hanging up (more than --ping-seconds).")
    var hangupSeconds = Int(DaemonLimits().hangupSeconds)
    @Option(name: .customLong("recognition-nice"), help: "Nice value of the recognition thread (0-19).")
    var recognitionNice = Int(DaemonLimits().recognitionNice)
    @Option(
        name: .customLong("malloc-arenas"),
        help: ArgumentHelp(
            "glibc malloc arenas (0: glibc's own, 8 a core or MALLOC_ARENA_MAX); fewer make threads wait on each other's locks.",
            valueName: "count"))
    var mallocArenas = 0
    @Option(name: .customLong("idle-seconds"), help: "Seconds a session stays open with nobody in it.")
    var idleSeconds = DaemonLimits().idleSeconds
    @Option(name: .customLong("max-open-sessions"), help: "Sessions open at once; idle ones make way.")
    var maxOpenSessions = DaemonLimits().maxOpenSessions
    @Option(
        name: .customLong("cpu-capacity"),
        help: ArgumentHelp(
            "Cores the daemon may use before new sessions get sessions_full (default 0.9 of the machine's).",
            valueName: "cores"))
    var cpuCapacity = DaemonLimits().cpuCapacity
    @Option(
        name: .customLong("max-ack-delay-ms"),
        help: "Milliseconds an op may wait for its ack before new sessions get sessions_full.")
    var maxAckDelayMs = DaemonLimits().maxAckDelayMs

    @Option(
        name: .customLong("model"),
        help: ArgumentHelp(
            "A retrained stroke classifier (sketchctl train --out) to recognise with instead of the shipped one.",
            valueName: "path"))
    var classifierModel: String?

    @Option(
        name: .customLong("reader-model"),
        help: ArgumentHelp(
            "A retrained handwriting reader (scripts/train-reader.sh) to read with instead of the shipped one.",
            valueName: "path"))
    var readerModel: String?

    /// The models the flags choose.
    var models: RecognizerModels { RecognizerModels(classifier: classifierModel, reader: readerModel) }

    /// The limits the flags set.
    var limits: DaemonLimits {
        var limits = DaemonLimits()
        limits.maxMessageBytes = maxMessageBytes
        limits.maxParticipants = maxParticipants
        limits.outgoingQueue = outgoingQueue
        limits.outgoingQueueBytes = outgoingQueueBytes
        limits.maxConnectionsPerAddress = maxConnectionsPerAddress
        limits.opsPerSecond = Double(opsPerSecond)
        limits.opBurst = Double(opBurst)
        limits.inkPerSecond = Double(inkPerSecond)
        limits.inkBurst = Double(inkBurst)
        limits.createsPerSecond = Double(createsPerSecond)
        limits.createBurst = max(limits.createBurst, Double(createsPerSecond))
        limits.joinsPerSecond = Double(joinsPerSecond)
        limits.joinBurst = max(limits.joinBurst, Double(joinsPerSecond))
        limits.freeTokenFailures = freeTokenFailures
        limits.pingSeconds = UInt16(pingSeconds)
        limits.hangupSeconds = UInt16(hangupSeconds)
        limits.recognitionNice = Int32(recognitionNice)
        limits.idleSeconds = idleSeconds
        limits.maxOpenSessions = maxOpenSessions
        limits.cpuCapacity = cpuCapacity
        limits.maxAckDelayMs = maxAckDelayMs
        return limits
    }

    mutating func validate() throws {
        try Self.check(port, "--port", in: 0...65_535)
        for origin in allowedOrigins where OriginPolicy.normalized(origin) == nil {
            throw ValidationError("--allow-origin takes an origin such as https://sketch.example.org, not '\(origin)'")
        }
        try Self.check(maxMessageBytes, "--max-message-bytes", in: 1024...16_777_216)
        try Self.check(maxParticipants, "--max-participants", in: 1...10_000)
        try Self.check(outgoingQueue, "--max-queue", in: 8...1_000_000)
        try Self.check(outgoingQueueBytes, "--max-queue-bytes", in: 65_536...1 << 30)
        try Self.check(maxConnectionsPerAddress, "--max-connections-per-address", in: 1...100_000)
        for (value, flag) in [
            (opsPerSecond, "--ops-per-second"), (opBurst, "--op-burst"), (inkPerSecond, "--ink-per-second"),
            (inkBurst, "--ink-burst"),
            (createsPerSecond, "--creates-per-second"), (joinsPerSecond, "--joins-per-second"),
        ] {
            try Self.check(value, flag, in: 1...1_000_000)
        }
        try Self.check(freeTokenFailures, "--free-token-failures", in: 0...1_000_000_000)
        try Self.check(pingSeconds, "--ping-seconds", in: 1...3600)
        try Self.check(hangupSeconds, "--hangup-seconds", in: 2...7200)
        try Self.check(recognitionNice, "--recognition-nice", in: 0...19)
        try Self.check(mallocArenas, "--malloc-arenas", in: 0...1024)
        try Self.check(idleSeconds, "--idle-seconds", in: 1...604_800)
        try Self.check(maxOpenSessions, "--max-open-sessions", in: 1...1_000_000)
        try Self.check(maxAckDelayMs, "--max-ack-delay-ms", in: 1...3_600_000)
        guard cpuCapacity.isFinite, cpuCapacity > 0 else {
            throw ValidationError("--cpu-capacity must be a positive number of cores, such as 1.5")
        }
        guard hangupSeconds > pingSeconds else {
            throw ValidationError("--hangup-seconds must be greater than --ping-seconds")
        }
    }

    private static func check(_ value: Int, _ flag: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(flag) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
    }

    /// Parses `arguments` (without the program name); throws for a bad command line.
    init(arguments: [String]) throws {
        self = try Self.parse(arguments)
    }

    init() {}
}
