import Synchronization

/// Frames made and frames written since the daemon started: a broadcast is one frame (its bytes
/// copied once, into the frame) written to every member, so writes outnumber frames by the
/// fan-out while the bytes made stay at one copy per frame; frames waiting for the same socket
/// go out together, so socket writes are fewer than frames written. Logged at shutdown, so a bench run
/// (`--daemon-log`) shows what the fan-out costs without reading the code.
enum FanOutCounts {
    private static let framesMade = Atomic<Int>(0)
    private static let bytesMade = Atomic<Int>(0)
    private static let framesWritten = Atomic<Int>(0)
    private static let bytesWritten = Atomic<Int>(0)
    private static let socketWrites = Atomic<Int>(0)

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

    /// The counts as log metadata.
    static var metadata: [String: String] {
        ["framesMade": "\(framesMade.load(ordering: .relaxed))", "bytesMade": "\(bytesMade.load(ordering: .relaxed))",
         "framesWritten": "\(framesWritten.load(ordering: .relaxed))", "bytesWritten": "\(bytesWritten.load(ordering: .relaxed))",
         "socketWrites": "\(socketWrites.load(ordering: .relaxed))"]
    }
}
