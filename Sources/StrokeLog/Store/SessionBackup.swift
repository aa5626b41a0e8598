import Foundation
import SessionModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backup folder: consistent copies of a data directory's sessions, taken with SQLite's
/// online backup API while a daemon keeps writing, and the way back.
///
/// Each copy is the session as of one read transaction, so it holds a prefix of the log: every
/// event up to the copy's ``Entry/seq`` and nothing after it. Events acknowledged after the
/// copy was taken are not in it (see docs/DEPLOY.md, "Backups").
public struct SessionBackup: Sendable {
    /// The manifest's file name inside a backup folder.
    public static let manifestName = "backup.json"

    /// One session in a backup.
    public struct Entry: Codable, Hashable, Sendable {
        /// The session's name.
        public var name: String
        /// The newest event in the copy.
        public var seq: Int64
        /// ``SessionState/stateHash`` of the copy's fold: what a restore must reproduce.
        public var stateHash: String
        /// The copy's size in bytes.
        public var bytes: Int64
    }

    /// What a backup folder holds; written last, so a folder with a manifest is complete.
    public struct Manifest: Codable, Hashable, Sendable {
        /// Always "sketchd-backup".
        public var format: String
        /// The manifest layout, 1.
        public var version: Int
        /// When the backup finished, in milliseconds since 1970.
        public var createdAt: Int64
        /// The sessions copied, sorted by name.
        public var sessions: [Entry]
        /// Sessions that could not be copied, with the reason (a corrupt source file, say).
        public var failed: [String: String]
    }

    /// The backup folder.
    public let folder: String

    /// A backup folder at `folder` (created by ``take(of:now:)``).
    public init(folder: String) { self.folder = folder }

    /// Where session `name`'s copy lives in the folder.
    public func path(of name: String) -> String { "\(folder)/\(name).\(SessionDirectory.fileExtension)" }

    /// Copies every session of `directory` into the folder, replacing older copies there, and
    /// writes the manifest last. A session that cannot be copied is listed in
    /// ``Manifest/failed``; the others are still copied.
    ///
    /// From a data directory each file is copied with SQLite's online backup API; from another
    /// catalog (PostgreSQL) each session is copied event by event into a new session file
    /// (``SessionCopy``), as of the reads that copy it. Either way the folder holds session files.
    public func take(of catalog: any SessionCatalog, now: Int64 = EventStore.currentTime()) throws -> Manifest {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var entries: [Entry] = []
        var failed: [String: String] = [:]
        for name in try catalog.sessionNames() {
            do {
                if let directory = catalog as? SessionDirectory {
                    entries.append(try copy(from: directory.path(of: name), to: path(of: name), name: name))
                } else {
                    entries.append(try copyOut(name, from: catalog))
                }
            } catch {
                failed[name] = String(describing: error)
            }
        }
        let manifest = Manifest(format: "sketchd-backup", version: 1, createdAt: now, sessions: entries, failed: failed)
        let staged = "\(folder)/.\(Self.manifestName).partial"
        try CanonicalJSON.encode(manifest, .pretty).write(to: URL(fileURLWithPath: staged))
        try Self.publish(staged, as: "\(folder)/\(Self.manifestName)")
        return manifest
    }

    /// The folder's manifest.
    /// - Throws: ``StrokeLogError/malformedInput(_:)`` when there is none or it is unreadable.
    public func manifest() throws -> Manifest {
        let file = "\(folder)/\(Self.manifestName)"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw StrokeLogError.malformedInput("\(file) is missing: not a finished sketchd backup")
        }
        do {
            let manifest = try CanonicalJSON.decode(Manifest.self, from: data)
            guard manifest.format == "sketchd-backup", manifest.version == 1 else {
                throw StrokeLogError.malformedInput("\(file) is not a sketchd backup manifest of version 1")
            }
            return manifest
        } catch let error as StrokeLogError {
            throw error
        } catch {
            throw StrokeLogError.malformedInput("\(file): \(error)")
        }
    }

    /// Puts sessions back into `directory`: the named ones, or every session of the manifest.
    ///
    /// Each copy is verified first (identity, integrity, and its fold must give the manifest's
    /// seq and state hash). A session that already exists in `directory` is never replaced:
    /// move it away first. Nothing is written for a session that fails its checks.
    /// - Returns: the entries restored.
    public func restore(_ names: [String]? = nil, into catalog: any SessionCatalog) throws -> [Entry] {
        let manifest = try manifest()
        let wanted =
            try names.map { names in
                try names.map { name in
                    guard let entry = manifest.sessions.first(where: { $0.name == name }) else {
                        throw StrokeLogError.unknownSession(name)
                    }
                    return entry
                }
            } ?? manifest.sessions
        for entry in wanted where try catalog.exists(entry.name) {
            throw StrokeLogError.storage(
                "session '\(entry.name)' exists in \(catalog.description): restore never replaces a session; move it away first"
            )
        }
        guard let directory = catalog as? SessionDirectory else {
            for entry in wanted { try copyIn(entry, into: catalog) }
            return wanted
        }
        try FileManager.default.createDirectory(atPath: directory.root, withIntermediateDirectories: true)
        for entry in wanted {
            let restored = try copy(from: path(of: entry.name), to: directory.path(of: entry.name), name: entry.name)
            guard restored.seq == entry.seq, restored.stateHash == entry.stateHash else {
                directory.discardNewSession(entry.name)
                throw StrokeLogError.corruptStore(
                    path: path(of: entry.name),
                    reason:
                        "the copy folds to seq \(restored.seq) hash \(restored.stateHash), the manifest says seq \(entry.seq) hash \(entry.stateHash)"
                )
            }
        }
        return wanted
    }

    /// Copies session `name` of a catalog that is not a data directory into a new session file
    /// in the folder, staged in `.staging/`, verified, then renamed into place.
    private func copyOut(_ name: String, from catalog: any SessionCatalog) throws -> Entry {
        let staging = SessionDirectory(root: "\(folder)/.staging")
        Self.remove(staging.path(of: name))
        do {
            do {
                // Closed before it is verified and renamed: its WAL is folded into the file then.
                let copied = try staging.create(name)
                try SessionCopy.copy(from: try catalog.openReader(name), into: copied)
            }
            let entry = try Self.verify(staging.path(of: name), name: name)
            try Self.publish(staging.path(of: name), as: path(of: name))
            return entry
        } catch {
            Self.remove(staging.path(of: name))
            throw error
        }
    }

    /// Puts `entry`'s copy into a catalog that is not a data directory: the copy is verified
    /// first, then copied event by event into a new session (``SessionCopy``), which must fold
    /// to the manifest's seq and state hash. A copy that fails half-way is discarded.
    private func copyIn(_ entry: Entry, into catalog: any SessionCatalog) throws {
        let checked = try Self.verify(path(of: entry.name), name: entry.name)
        guard checked.seq == entry.seq, checked.stateHash == entry.stateHash else {
            throw StrokeLogError.corruptStore(
                path: path(of: entry.name),
                reason:
                    "the copy folds to seq \(checked.seq) hash \(checked.stateHash), the manifest says seq \(entry.seq) hash \(entry.stateHash)"
            )
        }
        let log = try catalog.create(entry.name)
        do {
            try SessionCopy.copy(from: try EventStore(openingExisting: path(of: entry.name)), into: log)
            guard log.store.lastSeq == entry.seq, log.state.stateHash == entry.stateHash else {
                throw StrokeLogError.storage(
                    "session '\(entry.name)' restored to seq \(log.store.lastSeq) hash \(log.state.stateHash), not the manifest's seq \(entry.seq) hash \(entry.stateHash)"
                )
            }
        } catch {
            catalog.discardNewSession(entry.name)
            throw error
        }
    }

    /// Copies the session file at `source` to `target` through a staged file: online backup,
    /// verification (identity, integrity, fold), fsync, then an atomic rename.
    private func copy(from source: String, to target: String, name: String) throws -> Entry {
        let staged = (target as NSString).deletingLastPathComponent + "/.\(name).partial"
        Self.remove(staged)
        do {
            do {
                let from = try SQLiteConnection(path: source, create: false)
                let to = try SQLiteConnection(path: staged, create: true)
                try from.backUp(into: to)
            }
            let entry = try Self.verify(staged, name: name)
            try Self.publish(staged, as: target)
            return entry
        } catch {
            Self.remove(staged)
            throw error
        }
    }

    /// Opens a copy as a session (identity and quick check) and folds every event of it,
    /// trusting no checkpoint.
    private static func verify(_ path: String, name: String) throws -> Entry {
        let (seq, hash): (Int64, String) = try {
            let store = try EventStore(openingExisting: path)
            return (store.lastSeq, try store.replay(fromCheckpoints: false).state.stateHash)
        }()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return Entry(name: name, seq: seq, stateHash: hash, bytes: size)
    }

    /// fsyncs `staged`, renames it over `target` and fsyncs the folder, so the rename survives
    /// a power cut and a reader sees either the old file or the whole new one.
    private static func publish(_ staged: String, as target: String) throws {
        try fsync(path: staged)
        guard rename(staged, target) == 0 else {
            throw StrokeLogError.storage("cannot rename \(staged) to \(target): \(String(cString: strerror(errno)))")
        }
        try fsync(path: (target as NSString).deletingLastPathComponent)
    }

    private static func fsync(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw StrokeLogError.storage("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        #if canImport(Glibc)
            let rc = Glibc.fsync(descriptor)
        #else
            let rc = Darwin.fsync(descriptor)
        #endif
        guard rc == 0 else { throw StrokeLogError.storage("cannot fsync \(path): \(String(cString: strerror(errno)))") }
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
