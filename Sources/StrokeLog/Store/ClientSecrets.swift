import SessionModel

/// Binds a client id to a secret, per session: the first client to join a session under an id
/// registers the SHA-256 of its secret in the session file's `session_meta`; every later join
/// under that id must present the same secret. Undo and redo act on the author's own actions,
/// and retries are matched by author and op id, so this is what keeps one client from acting
/// as another.
public enum ClientSecrets {
    /// What presenting a secret did.
    public enum Proof: Sendable, Equatable {
        /// The id was new in this session; the secret is now bound to it.
        case registered
        /// The secret matches the one bound to the id.
        case proven
        /// Another secret is bound to the id.
        case refused
    }

    /// Shortest and longest secret: 22 base64url characters are 128 random bits.
    public static let lengths = 22...128

    /// Whether `secret` is 22-128 characters of the base64url alphabet.
    public static func isWellFormed(_ secret: String) -> Bool {
        lengths.contains(secret.utf8.count)
            && secret.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                    || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            }
    }

    /// The `session_meta` key of a client's secret digest.
    public static func metaKey(for clientId: String) -> String { "client.\(clientId).secret.sha256" }

    /// Proves (or, for an id new to the session, registers) `secretDigest`, the lower-case hex
    /// SHA-256 of the secret (``SessionCapabilities/digestHex(_:)``), in constant time.
    public static func prove(clientId: String, secretDigest: String, in store: any SessionStore) throws -> Proof {
        if let proof = try proveBound(clientId: clientId, secretDigest: secretDigest, in: store) { return proof }
        try store.setMeta(metaKey(for: clientId), secretDigest)
        return .registered
    }

    /// Proves `secretDigest` against the secret already bound to `clientId`, writing nothing:
    /// nil when the id is new to the session. A reader can answer it while the session's writer
    /// waits on a commit (a synchronous standby that is down), so members can still join.
    public static func proveBound(clientId: String, secretDigest: String, in store: any SessionStore) throws -> Proof? {
        guard let bound = try store.meta(metaKey(for: clientId)) else { return nil }
        return SessionCapabilities.constantTimeEqual(Array(bound.utf8), Array(secretDigest.utf8)) ? .proven : .refused
    }
}
