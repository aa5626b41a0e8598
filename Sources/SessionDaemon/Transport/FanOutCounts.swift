import Synchronization

/// Frames made and frames written since the daemon started: a broadcast is one frame (its bytes
/// copied once, into the frame) written to every member, so writes outnumber frames by the
/// fan-out while the bytes made stay at one copy per frame; frames waiting for the same socket
/// go out together, so socket writes are fewer than frames written; most queues are written at
/// the end of the turn that filled them, the rest in writable callbacks. Logged at shutdown, so
/// a bench run (`--daemon-log`) shows what the fan-out costs without reading the code.
enum FanOutCounts {
    private static let framesMade = Atomic<Int>(0)
    private static let bytesMade = Atomic<Int>(0)
    private static let framesWritten = Atomic<Int>(0)
    private static let bytesWritten = Atomic<Int>(0)
    private static let socketWrites = Atomic<Int>(0)
    private static let turnEndWrites = Atomic<Int>(0)
    private static let writableCallbackWrites = Atomic<Int>(0)
    private static let bufferedWrites = Atomic<Int>(0)

    /// A frame of `bytes` payload bytes was made (its payload copied in).
    static func made(bytes: Int) {
        framesMade.wrappingAdd(1, ordering: .relaxed)
        bytesMade.wrappingAdd(bytes, ordering: .relaxed)
    }

    /// `frames` frames of `bytes` payload bytes in all were handed to one connection's socket
    /// in one write.
    static func written(bytes: Int, frames: Int) {
        framesWritten.wrappingAdd(frames, ordering: .relaxed)
        bytesWritten.wrappingAdd(bytes, ordering: .relaxed)
        socketWrites.wrappingAdd(1, ordering: .relaxed)
    }

    /// A connection's queue was written at the end of the service turn that filled it.
    static func wroteAtTurnEnd() { turnEndWrites.wrappingAdd(1, ordering: .relaxed) }

    /// A connection's queue was written in a writable callback (what did not fit at the turn's end).
    static func wroteInWritableCallback() { writableCallbackWrites.wrappingAdd(1, ordering: .relaxed) }

    /// The socket did not take a write whole: lws keeps the rest and sends it first.
    static func leftBuffered() { bufferedWrites.wrappingAdd(1, ordering: .relaxed) }

    /// The counts as log metadata.
    static var metadata: [String: String] {
        [
            "framesMade": "\(framesMade.load(ordering: .relaxed))",
            "bytesMade": "\(bytesMade.load(ordering: .relaxed))",
            "framesWritten": "\(framesWritten.load(ordering: .relaxed))",
            "bytesWritten": "\(bytesWritten.load(ordering: .relaxed))",
            "socketWrites": "\(socketWrites.load(ordering: .relaxed))",
            "turnEndWrites": "\(turnEndWrites.load(ordering: .relaxed))",
            "writableCallbackWrites": "\(writableCallbackWrites.load(ordering: .relaxed))",
            "bufferedWrites": "\(bufferedWrites.load(ordering: .relaxed))",
        ]
    }
}
