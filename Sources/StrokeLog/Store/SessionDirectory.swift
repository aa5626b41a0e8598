import Foundation
import SessionModel

/// A data directory holding one `NAME.sketch` SQLite file per session.
public struct SessionDirectory: SessionCatalog {
    /// The directory.
    public let root: String
    /// File extension of session files.
    public static let fileExtension = "sketch"

    /// A directory at `root`; it is created on first write.
    public init(root: String) { self.root = root }

    /// The directory (``SessionCatalog/description``).
    public var description: String { root }

    /// The file of session `name`.
    public func path(of name: String) -> String { "\(root)/\(name).\(Self.fileExtension)" }

    /// Whether anything has the name of session `name`'s file (a symlink too, even a dangling
    /// one: the name is taken, though it is no usable session).
    public func exists(_ name: String) -> Bool { SessionFile.isTaken(path(of: name)) }

    /// Opens an existing session.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` when there is none of that name,
    ///   ``StrokeLogError/corruptStore(path:reason:)`` when its file is not a usable session
    ///   (the file is left as it was), ``StrokeLogError/storageUnavailable(_:)`` when it cannot
    ///   be read.
    public func open(_ name: String) throws -> SessionLog {
        try Identifier.check(name, what: "session name")
        let path = path(of: name)
        guard exists(name) else { throw StrokeLogError.unknownSession(name) }
        return try SessionFile.opening(path) {
            let store = try EventStore(openingExisting: path)
            do {
                return try SessionLog(name: name, store: store)
            } catch {
                store.leaveFilesAsFoundOnClose()
                throw error
            }
        }
    }

    /// Session `name`'s file through a read-only connection of its own, so a writer holding the
    /// session never waits for it.
    /// - Throws: ``StrokeLogError/unknownSession(_:)`` for a missing file,
    ///   ``StrokeLogError/corruptStore(path:reason:)`` for one that is not a session.
    public func openReader(_ name: String) throws -> any SessionStore {
        try Identifier.check(name, what: "session name")
        return try EventStore(readingExisting: path(of: name))
    }

    /// Creates a new, empty session; a creation that fails half-way (a full disk) leaves no file.
    /// - Throws: ``StrokeLogError/storage(_:)`` if it exists already,
    ///   ``StrokeLogError/storageUnavailable(_:)`` when the directory or file cannot be written.
    public func create(_ name: String) throws -> SessionLog {
        try Identifier.check(name, what: "session name")
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw StrokeLogError.storageUnavailable("\(root): \(error.localizedDescription)")
        }
        guard !exists(name) else { throw StrokeLogError.storage("\(path(of: name)) already exists") }
        do {
            return try SessionLog(name: name, store: EventStore(creating: path(of: name)))
        } catch {
            discardNewSession(name)
            throw error
        }
    }

    /// Session `name`'s digests, read from its file as ``SessionCapabilities/Digests/init(readingSessionAt:)``
    /// does: the data directory is left exactly as it was.
    public func digests(of name: String) throws -> SessionCapabilities.Digests {
        try Identifier.check(name, what: "session name")
        return try SessionCapabilities.Digests(readingSessionAt: path(of: name))
    }

    /// Removes a session's files; only for undoing a creation that failed half-way.
    public func discardNewSession(_ name: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path(of: name) + suffix)
        }
    }

    /// The names of the session files in the directory, sorted; none when it does not exist.
    public func sessionNames() throws -> [String] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return files.filter { $0.hasSuffix("." + Self.fileExtension) }
            .map { String($0.dropLast(Self.fileExtension.count + 1)) }
            .filter(Identifier.isValid).sorted()
    }

    /// The sessions in the directory, sorted by name. Files that fail to open are skipped.
    public func list() throws -> [SessionListing] {
        try sessionNames().compactMap { name in
            guard let store = try? EventStore(openingExisting: path(of: name)),
                let summary = try? store.summary()
            else { return nil }
            return SessionListing(name: name, eventCount: summary.count, lastChange: summary.lastChange)
        }
    }
}
