import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal blocking WebSocket client (RFC 6455) over a POSIX TCP socket, for tests and
/// benchmarks: text frames, optional fragmentation, automatic pongs, close frames.
/// Not thread-safe: use one client from one thread at a time (it may be handed to another thread).
public final class WebSocketClient: @unchecked Sendable {
    /// A received message.
    public enum Message: Equatable {
        case text(String)
        case binary([UInt8])
        /// The server closed with this code (1005 when it sent none).
        case close(code: Int, reason: String)
    }

    /// Errors of the client.
    public enum Failure: Error, CustomStringConvertible {
        case connect(String)
        case handshake(String)
        case closed
        case timeout
        public var description: String {
            switch self {
            case .connect(let why): "connect failed: \(why)"
            case .handshake(let why): "handshake failed: \(why)"
            case .closed: "connection closed"
            case .timeout: "timed out"
            }
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (compacted now and then, not on every frame).
    private var start = 0
    private var fragments: [UInt8] = []
    private var fragmentOpcode: UInt8 = 0
    public private(set) var isClosed = false
    /// PINGs the server sent (each answered with a PONG when it was read).
    public private(set) var pingsAnswered = 0

    /// Connects and upgrades to WebSocket on `path` with subprotocol `subprotocol`, sending
    /// `headers` (whole lines such as "Origin: http://x") with the upgrade; from the local
    /// address `source` when given (another loopback address is another peer to the server).
    public init(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", subprotocol: String? = "sketchd",
        headers: [String] = [], source: String? = nil
    ) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect("socket: errno \(errno)") }
        let socketFD = fd
        /// Binds or connects the socket to an IPv4 address; closes it and throws on failure.
        func attach(
            _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32, _ address: String, _ port: Int, _ what: String
        ) throws {
            var ipv4 = sockaddr_in()
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, address, &ipv4.sin_addr)
            let result = withUnsafePointer(to: &ipv4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    call(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                let code = errno
                Glibc.close(socketFD)
                throw Failure.connect("\(what) errno \(code)")
            }
        }
        if let source { try attach(Glibc.bind, source, 0, "bind \(source):") }
        try attach(Glibc.connect, host, port, "")
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try handshake(host: host, port: port, path: path, subprotocol: subprotocol, headers: headers)
    }

    deinit { if !isClosed { Glibc.close(fd) } }

    /// Makes a send that cannot progress for `seconds` fail instead of blocking (a peer that
    /// stopped reading).
    public func setSendTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sets the kernel receive buffer (small values make a slow reader fill up quickly).
    public func setReceiveBuffer(bytes: Int) {
        var size = Int32(bytes)
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    private func handshake(host: String, port: Int, path: String, subprotocol: String?, headers: [String]) throws {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { request += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        for header in headers { request += header + "\r\n" }
        request += "\r\n"
        try writeAll(Array(request.utf8))
        let deadline = Date().addingTimeInterval(5)
        while true {
            if let end = headerEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                start = end + 4
                guard head.hasPrefix("HTTP/1.1 101") else { throw Failure.handshake(String(head.prefix(80))) }
                return
            }
            guard try fill(until: deadline) else { throw Failure.handshake("no answer") }
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Sends a text message, split into frames of `fragmentSize` bytes when given.
    public func send(text: String, fragmentSize: Int? = nil) throws {
        try send(bytes: Array(text.utf8), opcode: 1, fragmentSize: fragmentSize)
    }

    /// Sends raw bytes as one message of `opcode` (1 text, 2 binary).
    public func send(bytes: [UInt8], opcode: UInt8, fragmentSize: Int? = nil) throws {
        let size = max(1, fragmentSize ?? max(bytes.count, 1))
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + size)
            try writeFrame(opcode: offset == 0 ? opcode : 0, final: end == bytes.count, payload: bytes[offset..<end])
            offset = end
        } while offset < bytes.count
    }

    /// Sends `count` frames of `opcode` with the same payload and `final` flag, as fast as the
    /// socket takes them (for floods of tiny frames).
    public func send(frames count: Int, opcode: UInt8, final: Bool, payload: [UInt8] = []) throws {
        var frames: [UInt8] = []
        for _ in 0..<count { frames += frame(opcode: opcode, final: final, payload: payload[...]) }
        try writeAll(frames)
    }

    /// Sends a close frame and closes the socket.
    public func close(code: UInt16 = 1000) {
        guard !isClosed else { return }
        try? writeFrame(opcode: 8, final: true, payload: [UInt8(code >> 8), UInt8(code & 0xff)][...])
        isClosed = true
        Glibc.close(fd)
    }

    /// Answers the server's close frame with one of its own, as RFC 6455 §5.5.1 asks, and waits
    /// for the server to end the connection. Throws when the answer cannot be sent or the
    /// connection is reset rather than closed (the peer then may never have seen the close).
    public func answerClose(code: UInt16, timeout: Double = 10) throws {
        try writeFrame(opcode: 8, final: true, payload: [UInt8(code >> 8), UInt8(code & 0xff)][...])
        let deadline = Date().addingTimeInterval(timeout)
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = recv(fd, &byte, 1, 0)
            if count == 0 { return abort() }
            if count < 0, errno != EINTR { throw Failure.closed }
        }
        throw Failure.timeout
    }

    /// Drops the TCP connection without a close frame (a vanished client).
    public func abort() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    private func writeFrame(opcode: UInt8, final: Bool, payload: ArraySlice<UInt8>) throws {
        try writeAll(frame(opcode: opcode, final: final, payload: payload))
    }

    /// One masked client frame.
    private func frame(opcode: UInt8, final: Bool, payload: ArraySlice<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
        let count = payload.count
        if count < 126 {
            frame.append(0x80 | UInt8(count))
        } else if count <= 0xffff {
            frame.append(0x80 | 126)
            frame += [UInt8(count >> 8), UInt8(count & 0xff)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(count) >> (8 * UInt64($0))) & 0xff) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame.reserveCapacity(frame.count + count)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        return frame
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        guard !isClosed else { throw Failure.closed }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure.closed
            }
            offset += written
        }
    }

    /// Reads more bytes; false on timeout.
    private func fill(until deadline: Date) throws -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
        if ready == 0 { return false }
        if ready < 0 { if errno == EINTR { return true } else { throw Failure.closed } }
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { throw Failure.closed }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// The next message, or nil after `timeout` seconds. Pings are answered on the way.
    public func receive(timeout: Double = 10) throws -> Message? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let message = try takeMessage() { return message }
            guard try fill(until: deadline) else { return nil }
        }
    }

    /// The socket, for `poll` over many clients in one thread (see ``receiveAvailable()``).
    public var fileDescriptor: Int32 { fd }

    /// Reads what the socket has now (one `recv`, which blocks only if nothing is there: call it
    /// when `poll` reports the descriptor readable) and returns every message complete so far.
    public func receiveAvailable() throws -> [Message] {
        var messages: [Message] = []
        while let message = try takeMessage() { messages.append(message) }
        guard messages.isEmpty else { return messages }
        guard try fill(until: Date().addingTimeInterval(1)) else { return [] }
        while let message = try takeMessage() { messages.append(message) }
        return messages
    }

    private func takeMessage() throws -> Message? {
        while let (opcode, final, payload, used) = parseFrame() {
            start += used
            switch opcode {
            case 9:
                pingsAnswered += 1
                try writeFrame(opcode: 10, final: true, payload: payload[...])
            case 10: continue
            case 8:
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
                return .close(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self))
            case 0, 1, 2:
                if opcode != 0 {
                    fragmentOpcode = opcode
                    fragments = []
                }
                fragments += payload
                if final {
                    defer { fragments = [] }
                    return fragmentOpcode == 1 ? .text(String(decoding: fragments, as: UTF8.self)) : .binary(fragments)
                }
            default: continue
            }
        }
        return nil
    }

    private func parseFrame() -> (UInt8, Bool, [UInt8], Int)? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let b0 = buffer[start]
        let b1 = buffer[start + 1]
        let final = b0 & 0x80 != 0
        let opcode = b0 & 0x0f
        var length = Int(b1 & 0x7f)
        var offset = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            offset = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[start + $1]) }
            offset = 10
        }
        let masked = b1 & 0x80 != 0
        let maskOffset = start + offset
        if masked { offset += 4 }
        guard available >= offset + length else { return nil }
        var payload = Array(buffer[(start + offset)..<(start + offset + length)])
        if masked { for index in payload.indices { payload[index] ^= buffer[maskOffset + (index & 3)] } }
        return (opcode, final, payload, offset + length)
    }
}
