import Crypto
import Foundation
import SessionModel

/// The capability tokens of a session: an edit token and a view-only token.
///
/// Tokens are 256-bit random values in base64url. Only their SHA-256 digests are stored, in the
/// session file's `session_meta` table; a presented token is hashed and compared in constant
/// time. Used by the daemon (`createSession`, `shareLink`) and by `sketchctl share`.
public struct SessionCapabilities: Sendable {
    /// The token that allows writes.
    public var editToken: String
    /// The token that allows replay and watching only.
    public var viewToken: String

    /// What a token grants.
    public enum Role: String, Sendable, Codable {
        case edit, view
    }

    /// The `session_meta` key of each role's token digest.
    public static func metaKey(for role: Role) -> String { "capability.\(role.rawValue).sha256" }

    /// Mints two fresh tokens from the system's cryptographic random source.
    public static func mint() -> SessionCapabilities {
        SessionCapabilities(editToken: randomToken(), viewToken: randomToken())
    }

    /// Stores the digests of both tokens in the session file (replacing earlier ones).
    public func store(in store: any SessionStore) throws {
        try Self.setToken(editToken, for: .edit, in: store)
        try Self.setToken(viewToken, for: .view, in: store)
    }

    /// Replaces one role's token with a fresh one, so the role's earlier links stop working;
    /// returns the new token (the other role's token is left as it was).
    public static func rotate(_ role: Role, in store: any SessionStore) throws -> String {
        let token = randomToken()
        try setToken(token, for: role, in: store)
        return token
    }

    /// Revokes one role's links: no token grants the role until it is rotated again.
    public static func revoke(_ role: Role, in store: any SessionStore) throws {
        try store.setMeta(metaKey(for: role), revokedDigest)
    }

    /// What a revoked role's digest is set to: no token hashes to it (digests are 64 hex digits).
    static let revokedDigest = "revoked"

    private static func setToken(_ token: String, for role: Role, in store: any SessionStore) throws {
        try store.setMeta(metaKey(for: role), digestHex(token))
    }

    /// The stored digests of a session, as read from its file.
    public struct Digests: Sendable {
        /// SHA-256 of the edit token in hex, if one was minted.
        public var edit: [UInt8]?
        /// SHA-256 of the view token in hex, if one was minted.
        public var view: [UInt8]?

        /// Reads the digests from a session file.
        public init(from store: any SessionStore) throws {
            edit = try store.meta(SessionCapabilities.metaKey(for: .edit)).map { Array($0.utf8) }
            view = try store.meta(SessionCapabilities.metaKey(for: .view)).map { Array($0.utf8) }
        }

        /// Reads the digests of the session file at `path` without changing the data directory:
        /// nothing is folded, kept open or created. A session nobody holds has no `-wal` (the
        /// last close folded it into the file), so its file alone is read, immutable: a
        /// read-only connection would leave a `-wal` and `-shm` behind for every look. A session
        /// with a `-wal` is read through a read-only connection beside its writer.
        /// - Throws: ``StrokeLogError/unknownSession(_:)`` when there is no file,
        ///   ``StrokeLogError/corruptStore(path:reason:)`` for a file that is not a session,
        ///   ``StrokeLogError/storageUnavailable(_:)`` when it cannot be read.
        public init(readingSessionAt path: String) throws {
            (edit, view) = try SessionFile.opening(path) {
                let wal = path + "-wal"
                if !SessionFile.isTaken(wal) {
                    do {
                        return try Self.read(path, immutable: true)
                    } catch  where SessionFile.isTaken(wal) {
                        // A writer opened the session meanwhile: read it as it is now.
                    }
                }
                return try Self.read(path, immutable: false)
            }
        }

        private static func read(_ path: String, immutable: Bool) throws -> (edit: [UInt8]?, view: [UInt8]?) {
            let db = try SQLiteConnection(path: path, create: false, readOnly: true, immutable: immutable)
            let applicationID: Int64?
            do {
                applicationID = try db.scalarInt("PRAGMA application_id")
            } catch let error as StrokeLogError where error.code == "storage_unavailable" {
                throw error
            } catch {
                applicationID = nil
            }
            guard applicationID == EventStoreSchema.applicationID else {
                throw StrokeLogError.corruptStore(path: path, reason: "not a sketchd session file")
            }
            let read = try db.prepare("SELECT value FROM session_meta WHERE key = ?")
            func digest(_ role: Role) throws -> [UInt8]? {
                read.reset()
                read.bind(1, SessionCapabilities.metaKey(for: role))
                return try read.step() ? Array(read.text(0).utf8) : nil
            }
            return (try digest(.edit), try digest(.view))
        }

        /// Digests that no token matches, compared with the same work as real ones: what an
        /// unknown session is checked against, so a probe cannot time which sessions exist.
        public static let matchingNothing = Digests(
            edit: Array(repeating: 0x30, count: 64), view: Array(repeating: 0x30, count: 64))

        private init(edit: [UInt8]?, view: [UInt8]?) {
            self.edit = edit
            self.view = view
        }

        /// The role `token` grants, or nil. Both digests are always compared, in constant time.
        public func role(of token: String) -> Role? {
            let presented = Array(SessionCapabilities.digestHex(token).utf8)
            let isEdit = edit.map { SessionCapabilities.constantTimeEqual($0, presented) } ?? false
            let isView = view.map { SessionCapabilities.constantTimeEqual($0, presented) } ?? false
            return isEdit ? .edit : isView ? .view : nil
        }
    }

    /// SHA-256 of a token's UTF-8 bytes, as lower-case hex.
    public static func digestHex(_ token: String) -> String { Hex.encode(SHA256.hash(data: Array(token.utf8))) }

    /// Compares two byte strings in time that depends only on their lengths.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    /// base64url without padding (RFC 4648 section 5).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count { out.append(alphabet[Int((value >> (18 - 6 * position)) & 63)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
