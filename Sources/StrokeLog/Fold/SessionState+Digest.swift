import Crypto
import SessionModel

extension SessionState {
    /// SHA-256 (hex) of the canonical binary form of what the state shows: live strokes in drawing
    /// order, active corrections, screens, metadata, and every author's undo and redo stacks.
    /// It leaves out ``lastSeq``, so undo n times then redo n times hashes the same.
    public var stateHash: String { Hex.encode(SHA256.hash(data: stateHashInput)) }

    /// SHA-256 of a checkpoint encoding: how a stored checkpoint is verified.
    public static func checkpointDigest(_ encoded: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: encoded)) }
}
