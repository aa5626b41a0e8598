import Glibc
import SessionModel

/// What stands at a session file's path, looked at without following a symlink, and the typed
/// error for a file that cannot be opened as a session.
///
/// A session file is a regular file in the data directory. A symlink there is refused, not
/// followed: a backup restore or a `createSession` never makes one, and following it would let
/// a link expose or damage a file outside the data directory.
enum SessionFile {
    /// Checks that `path` names a regular file.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` when nothing is there,
    ///   ``StrokeLogError/corruptStore(path:reason:)`` for a symlink or anything else that is not
    ///   a regular file, ``StrokeLogError/storageUnavailable(_:)`` when the path cannot be looked
    ///   at (a data directory that cannot be searched or is not a directory, an I/O error).
    static func check(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { throw StrokeLogError.unknownSession(path) }
            throw StrokeLogError.storageUnavailable("\(path): \(String(cString: strerror(code)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw StrokeLogError.corruptStore(path: path, reason: "a symbolic link, not a session file")
        default: throw StrokeLogError.corruptStore(path: path, reason: "not a regular file")
        }
    }

    /// Whether anything at all (a file, a directory, a symlink, even a dangling one) has the
    /// name `path`; false also when the path cannot be looked at.
    static func isTaken(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Runs `open`, the opening of an existing session file at `path`, naming what the file
    /// itself refuses as ``StrokeLogError/corruptStore(path:reason:)``: SQLite errors that are
    /// neither about the system (``StrokeLogError/storageUnavailable(_:)``) nor already typed,
    /// such as a table that is missing, mean the file is not a usable session.
    static func opening<T>(_ path: String, _ open: () throws -> T) throws -> T {
        try check(path)
        do {
            return try open()
        } catch StrokeLogError.storage(let why) {
            throw StrokeLogError.corruptStore(path: path, reason: why)
        }
    }
}
