import Foundation
import WebSocketClient

/// Seconds on the monotonic clock.
public func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Compact JSON text of `object` with sorted keys.
public func json(_ object: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// Random ids the way clients make them (PROTOCOL.md).
public enum ClientIds {
    /// A client-minted session id: `s-` and 32 lowercase hex digits.
    public static func session() -> String {
        "s-" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// A `hello` secret: 32 base64url characters (192 random bits).
    public static func secret() -> String { SketchdClient.randomSecret() }

    /// A `hello` message for `clientId` with a fresh secret.
    public static func hello(_ clientId: String) -> String {
        json(["type": "hello", "protocol": 1, "clientId": clientId, "secret": secret()])
    }
}

/// The 1, 5 and 15 minute load averages from /proc/loadavg ("?" where unreadable): every timing
/// a bench prints on this shared machine carries it.
public func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
