import Foundation
import StrokeLog

/// Which role a token grants in a session, read from its store without opening the session, at
/// the same cost whether the session exists or not (``SessionRegistry/admit(_:token:now:)``).
enum SessionTokenCheck {
    /// The role `token` grants in session `name`, read from its file without opening it as a
    /// session. A malformed name or a missing file is checked against digests that match
    /// nothing, with the same work, so timing does not tell which sessions exist.
    /// - Throws: `corruptStore` for a file that is not a usable session, `storageUnavailable`
    ///   when it (or the data directory) cannot be read: never taken for a wrong token.
    static func role(
        of token: String, in name: String, catalog: any SessionCatalog,
        readers: SessionReaderPool?
    ) throws -> SessionCapabilities.Role? {
        do {
            guard Identifier.isValid(name) else { throw StrokeLogError.unknownSession(name) }
            if let readers { return try readers.digests().role(of: token) }
            return try catalog.digests(of: name).role(of: token)
        } catch StrokeLogError.unknownSession {
            // The same SQLite open, read and digest comparison as for a real session.
            let digests =
                decoyPath.flatMap { try? SessionCapabilities.Digests(readingSessionAt: $0) } ?? .matchingNothing
            _ = digests.role(of: token)
            return nil
        }
    }

    /// A session file with tokens nobody holds, outside the data directory: an unknown name is
    /// checked against it, so a probe costs the same as one of a real session and timing does
    /// not tell which sessions exist. Nil (digests only) if it cannot be made.
    /// Made on first use (a static `let` is lazy), removed by ``removeDecoy()`` at exit.
    private static let decoyPath: String? = {
        let directory = SessionDirectory(root: decoyRoot)
        guard let log = try? directory.create("decoy"), (try? SessionCapabilities.mint().store(in: log.store)) != nil
        else { return nil }
        return directory.path(of: "decoy")
    }()
    private static let decoyRoot = NSTemporaryDirectory() + "sketchd-decoy-\(getpid())-\(UUID().uuidString)"

    /// Removes the decoy session file, if one was made.
    static func removeDecoy() { try? FileManager.default.removeItem(atPath: decoyRoot) }
}
