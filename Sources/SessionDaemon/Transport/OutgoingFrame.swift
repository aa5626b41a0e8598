import CSketchdLWS

/// One encoded message ready for `lws_write`: headroom for the frame header, then the payload,
/// in one buffer that every connection's ``OutgoingQueue`` shares (a broadcast is copied once,
/// here, and written to each socket from the same bytes).
final class OutgoingFrame {
    /// What a newer message replaces while this one still waits in a queue; nil: it is never
    /// replaced.
    enum Supersedes: Hashable {
        /// A screen's recognition (each message is the whole screen's).
        case recognition(screen: String)
        /// The code or a code diff (replaced by the full code of the newer version).
        case code
    }

    private static let headroom = sketchd_write_headroom()

    /// The payload's length.
    let count: Int
    let supersedes: Supersedes?
    private let storage: UnsafeMutablePointer<UInt8>

    init(_ payload: [UInt8], supersedes: Supersedes? = nil) {
        count = payload.count
        self.supersedes = supersedes
        storage = .allocate(capacity: Self.headroom + payload.count)
        payload.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { (storage + Self.headroom).update(from: base, count: bytes.count) }
        }
        FanOutCounts.made(bytes: count)
    }

    deinit { storage.deallocate() }

    /// A copy of the payload.
    var payload: [UInt8] { Array(UnsafeBufferPointer(start: storage + Self.headroom, count: count)) }

    /// Writes the frame as one text message; false when lws refused it.
    func write(to wsi: OpaquePointer) -> Bool {
        guard sketchd_write_frame(wsi, storage, count) >= 0 else { return false }
        FanOutCounts.written(bytes: count, frames: 1)
        return true
    }

    /// Writes `frames` as consecutive text messages in one send (one frame goes without a copy);
    /// false when lws refused them.
    static func write(_ frames: [OutgoingFrame], to wsi: OpaquePointer) -> Bool {
        guard frames.count > 1 else { return frames.first?.write(to: wsi) ?? true }
        let payloads: [UnsafePointer<UInt8>?] = frames.map { UnsafePointer($0.storage + headroom) }
        let lengths = frames.map(\.count)
        guard sketchd_write_frames(wsi, payloads, lengths, frames.count) >= 0 else { return false }
        FanOutCounts.written(bytes: lengths.reduce(0, +), frames: frames.count)
        return true
    }
}
