/// `sketchd`'s command line.
struct DaemonOptions {
    var host = "127.0.0.1"
    var port = 8080
    var dataDirectory = "./data"
    var webRoot = "web"
    var limits = DaemonLimits()

    static let usage = """
        usage: sketchd [--host 127.0.0.1] [--port 8080] [--data-dir ./data] [--web-root web]
                       [--max-message-bytes 262144] [--max-participants 64] [--max-queue 1024]
                       [--ops-per-second 50] [--op-burst 200] [--ink-per-second 120] [--ink-burst 240]
                       [--ping-seconds 10] [--hangup-seconds 20] [--recognition-nice 10]
                       [--idle-seconds 300] [--max-open-sessions 1000]
        """

    /// Parses flags; throws a message naming the bad flag.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { throw OptionsError(Self.usage) }
            guard let value = rest.popFirst() else { throw OptionsError("\(flag) needs a value\n\(Self.usage)") }
            switch flag {
            case "--host": host = value
            case "--port": port = try Self.integer(value, flag, in: 0...65_535)
            case "--data-dir": dataDirectory = value
            case "--web-root": webRoot = value
            case "--max-message-bytes": limits.maxMessageBytes = try Self.integer(value, flag, in: 1024...16_777_216)
            case "--max-participants": limits.maxParticipants = try Self.integer(value, flag, in: 1...10_000)
            case "--max-queue": limits.outgoingQueue = try Self.integer(value, flag, in: 8...1_000_000)
            case "--ops-per-second": limits.opsPerSecond = Double(try Self.integer(value, flag, in: 1...1_000_000))
            case "--op-burst": limits.opBurst = Double(try Self.integer(value, flag, in: 1...1_000_000))
            case "--ink-per-second": limits.inkPerSecond = Double(try Self.integer(value, flag, in: 1...1_000_000))
            case "--ink-burst": limits.inkBurst = Double(try Self.integer(value, flag, in: 1...1_000_000))
            case "--ping-seconds": limits.pingSeconds = UInt16(try Self.integer(value, flag, in: 1...3600))
            case "--hangup-seconds": limits.hangupSeconds = UInt16(try Self.integer(value, flag, in: 2...7200))
            case "--recognition-nice": limits.recognitionNice = Int32(try Self.integer(value, flag, in: 0...19))
            case "--idle-seconds": limits.idleSeconds = try Self.integer(value, flag, in: 1...604_800)
            case "--max-open-sessions": limits.maxOpenSessions = try Self.integer(value, flag, in: 1...1_000_000)
            default: throw OptionsError("unknown flag \(flag)\n\(Self.usage)")
            }
        }
        guard limits.hangupSeconds > limits.pingSeconds else {
            throw OptionsError("--hangup-seconds must be greater than --ping-seconds")
        }
    }

    private static func integer(_ text: String, _ flag: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw OptionsError("\(flag) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}

/// A bad command line.
struct OptionsError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
