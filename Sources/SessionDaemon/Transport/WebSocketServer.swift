import CSketchdLWS
import Foundation

/// What the service thread reports to its owner.
@ServiceLoop
protocol WebSocketServerDelegate: AnyObject {
    /// Whether a WebSocket upgrade with these `Origin` (nil when not sent) and `Host` headers
    /// may proceed.
    func upgradeAllowed(origin: String?, host: String?) -> Bool
    /// A WebSocket connection was accepted on `path` (`/ws` or `/ws/<session>`).
    func connectionOpened(_ wsi: OpaquePointer, path: String)
    /// A piece of a message; return false to close the connection.
    func connectionReceived(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer, final: Bool, binary: Bool) -> Bool
    /// The connection may write one message; return false to close it.
    func connectionWritable(_ wsi: OpaquePointer) -> Bool
    func connectionClosed(_ wsi: OpaquePointer)
    /// Another thread woke the loop.
    func serviceWoke()
    /// The periodic tick.
    func serviceTicked()
}

/// The libwebsockets context: serves the web root over HTTP and the `sketchd` WebSocket on `/ws`.
///
/// Single-threaded by design: created, run and destroyed on the service thread (``ServiceLoop``),
/// which it wakes, from any thread, when the loop's executor has jobs.
@ServiceLoop
final class WebSocketServer {
    /// Listener settings.
    struct Settings {
        var host: String
        var port: Int
        var webRoot: String
        var pingSeconds: UInt16
        var hangupSeconds: UInt16
        var receiveBufferBytes: Int
        var tickMilliseconds: UInt32
    }

    private var context: OpaquePointer?
    private unowned let delegate: WebSocketServerDelegate
    private var waker: LoopWaker?

    /// The bound port.
    private(set) var port: Int = 0

    init(settings: Settings, delegate: WebSocketServerDelegate) throws {
        self.delegate = delegate
        sketchd_set_log_level(1 | 2)  // LLL_ERR | LLL_WARN
        var config = sketchd_server_config()
        config.port = Int32(settings.port)
        config.ping_secs = settings.pingSeconds
        config.hangup_secs = settings.hangupSeconds
        config.rx_buffer_size = settings.receiveBufferBytes
        config.tick_ms = settings.tickMilliseconds
        config.owner = Unmanaged.passUnretained(self).toOpaque()
        config.on_event = webSocketServerEvent
        let created: OpaquePointer? = settings.host.withCString { host in
            settings.webRoot.withCString { root in
                config.host = host
                config.web_root = root
                return sketchd_server_create(&config)
            }
        }
        guard let created else {
            throw DaemonStartupError(
                "cannot listen on \(settings.host):\(settings.port) (in use, or not a local address?)")
        }
        context = created
        port = Int(sketchd_server_port(created))
        let waker = LoopWaker(context: created)
        self.waker = waker
        ServiceLoop.executor.wake(through: waker)
    }

    /// Sets the period of ``WebSocketServerDelegate/serviceTicked()`` from now on.
    func setTick(milliseconds: UInt32) {
        if let context { sketchd_server_set_tick(context, milliseconds) }
    }

    /// Services the loop once; blocks until there is work.
    func serviceOnce() {
        guard let context else { return }
        sketchd_server_service(context)
    }

    /// Closes every connection and the listener.
    func destroy() {
        ServiceLoop.executor.wake(through: nil)
        waker?.invalidate()
        if let context { sketchd_server_destroy(context) }
        context = nil
    }

    fileprivate func dispatch(
        _ wsi: OpaquePointer?, _ event: Int32, _ bytes: UnsafeRawBufferPointer, first: Bool, final: Bool, binary: Bool
    ) -> Int32 {
        switch UInt32(event) {
        case SKETCHD_EVENT_FILTER.rawValue:
            let headers = String(decoding: bytes, as: UTF8.self)
            let newline = headers.firstIndex(of: "\n") ?? headers.endIndex
            let host = newline < headers.endIndex ? String(headers[headers.index(after: newline)...]) : nil
            return delegate.upgradeAllowed(origin: first ? String(headers[..<newline]) : nil, host: host) ? 0 : 1
        case SKETCHD_EVENT_OPEN.rawValue:
            if let wsi { delegate.connectionOpened(wsi, path: String(decoding: bytes, as: UTF8.self)) }
        case SKETCHD_EVENT_RECEIVE.rawValue:
            if let wsi, !delegate.connectionReceived(wsi, bytes, final: final, binary: binary) { return -1 }
        case SKETCHD_EVENT_WRITABLE.rawValue:
            if let wsi, !delegate.connectionWritable(wsi) { return -1 }
        case SKETCHD_EVENT_CLOSED.rawValue:
            if let wsi { delegate.connectionClosed(wsi) }
        case SKETCHD_EVENT_WAKE.rawValue:
            delegate.serviceWoke()
        case SKETCHD_EVENT_TICK.rawValue:
            delegate.serviceTicked()
        default:
            break
        }
        return 0
    }
}

/// The C callback: finds the server behind `owner` and forwards.
private func webSocketServerEvent(
    owner: UnsafeMutableRawPointer?, wsi: OpaquePointer?, event: Int32, bytes: UnsafeRawPointer?, length: Int,
    first: Int32, final: Int32, binary: Int32
) -> Int32 {
    guard let owner else { return 0 }
    let event = ServiceThreadEvent(
        owner: owner, wsi: wsi, code: event,
        bytes: UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    return ServiceLoop.assumeIsolated {
        Unmanaged<WebSocketServer>.fromOpaque(event.owner).takeUnretainedValue()
            .dispatch(event.wsi, event.code, event.bytes, first: first != 0, final: final != 0, binary: binary != 0)
    }
}

// @unchecked: lws pointers, used only during the callback, on the service thread.
/// One lws callback's arguments, handed into ``ServiceLoop`` on the thread that received them.
private struct ServiceThreadEvent: @unchecked Sendable {
    var owner: UnsafeMutableRawPointer
    var wsi: OpaquePointer?
    var code: Int32
    var bytes: UnsafeRawBufferPointer
}

/// Writes and closes on one connection.
@ServiceLoop
enum WebSocketIO {
    /// Whether lws still holds part of an earlier write the socket did not take (it goes out
    /// first, then a writable callback comes); nothing more is written before that.
    static func hasBufferedWrite(_ wsi: OpaquePointer) -> Bool { sketchd_write_buffered(wsi) != 0 }

    /// Whether frames may be written now, outside a writable callback: nothing is buffered and
    /// no close is under way.
    static func canWriteNow(_ wsi: OpaquePointer) -> Bool { sketchd_can_write_now(wsi) != 0 }

    static func requestWritable(_ wsi: OpaquePointer) { sketchd_request_writable(wsi) }

    /// Stops or resumes reading the connection (what it sends waits in lws and the kernel).
    static func pauseReading(_ wsi: OpaquePointer, _ paused: Bool) { sketchd_pause_reading(wsi, paused ? 1 : 0) }

    /// The peer's numeric address ("127.0.0.1", "::1"), or "" when lws cannot tell.
    static func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard sketchd_peer_address(wsi, &buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets the close frame's code and reason for when the callback next returns false.
    static func setCloseReason(_ wsi: OpaquePointer, code: Int, reason: String) {
        sketchd_close_reason(wsi, Int32(code), reason)
    }

    /// Writes the close frame and keeps reading (dropping what arrives) until the peer's own close
    /// ends the connection or a kill timer does; false when the write failed (close now).
    static func sendClose(_ wsi: OpaquePointer, code: Int, reason: String) -> Bool {
        sketchd_send_close(wsi, Int32(code), reason) == 0
    }

    /// Hangs up after `seconds` unless the connection closes first (0: on the next loop turn).
    static func killAfter(_ wsi: OpaquePointer, seconds: Int) {
        if seconds <= 0 { sketchd_kill_soon(wsi) } else { sketchd_kill_after(wsi, Int32(seconds)) }
    }
}

/// The daemon could not start.
struct DaemonStartupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Wakes the lws loop from any thread.
// Unchecked: lws_cancel_service is thread-safe, and `lock` guards the pointer's lifetime.
final class LoopWaker: ServiceLoopWaker, @unchecked Sendable {
    private let lock = NSLock()
    private var context: OpaquePointer?

    init(context: OpaquePointer) { self.context = context }

    func wake() {
        lock.withLock {
            if let context { sketchd_server_wake(context) }
        }
    }

    /// Stops waking (before the context is destroyed).
    func invalidate() { lock.withLock { context = nil } }
}
