import CSketchdLWS
import Foundation
import Glibc
import Logging
import StrokeLog
import Synchronization

/// Tells an open session when another process (`sketchctl import`, `meta`, `share`) has
/// committed to its file, without polling: one inotify watch on the data directory, read by one
/// thread blocked in `read(2)`, so open sessions cost no CPU while nothing happens.
///
/// It reports `IN_CLOSE_WRITE` of `NAME.sketch` and `NAME.sketch-wal`: a process that wrote to
/// the session has closed the file, and with it every commit it made. The daemon keeps its own
/// files open while a session is open, so its own commits wake nothing. A writer that kept the
/// file open would be seen at its close, or sooner by the session's next commit, which folds
/// in what it finds (`SessionLog.append`); `sketchctl`'s commands open, commit and close.
final class SessionFileWatcher: Sendable {
    /// The directory whose session files are watched.
    let root: String
    private let logger: Logger
    /// The inotify descriptor; -1 if inotify could not be set up.
    private let descriptor: Int32
    private let state = Mutex(State())

    private struct State {
        /// The watch on `root`; nil until the directory exists (it is made on first create).
        var watch: Int32?
        /// What to call when a session's file was closed after writing, by session name.
        var listeners: [String: @Sendable () -> Void] = [:]
    }

    init(root: String, logger: Logger) {
        self.root = root
        self.logger = logger
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            logger.error(
                "inotify is unavailable: CLI changes reach open sessions with their next commit",
                metadata: ["error": "\(String(cString: strerror(errno)))"])
            return
        }
        let thread = Thread { [self] in
            sketchd_name_thread("sketchd.watcher")  // at most 15 bytes on Linux
            self.readEvents()
        }
        thread.start()
    }

    /// Calls `changed` (on the watcher's thread) whenever another process has written to session
    /// `name`'s file, until ``stopWatching(_:)``.
    func watch(_ name: String, changed: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.listeners[name] = changed
            if state.watch == nil, descriptor >= 0 {
                let watch = inotify_add_watch(descriptor, root, UInt32(IN_CLOSE_WRITE))
                if watch >= 0 { state.watch = watch }
            }
        }
    }

    /// Forgets session `name` (it was closed).
    func stopWatching(_ name: String) {
        _ = state.withLock { $0.listeners.removeValue(forKey: name) }
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return logger.error(
                    "the session file watcher stopped", metadata: ["error": "\(String(cString: strerror(errno)))"])
            }
            for event in Self.events(in: buffer[..<count]) { handle(event) }
        }
    }

    private func handle(_ event: (mask: UInt32, name: String)) {
        if event.mask & UInt32(IN_IGNORED) != 0 {
            // The directory went away; the next session opened watches it again.
            return state.withLock { $0.watch = nil }
        }
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every open session looks.
            return state.withLock { Array($0.listeners.values) }.forEach { $0() }
        }
        guard let session = Self.session(ofFile: event.name) else { return }
        state.withLock { $0.listeners[session] }?()
    }

    /// The session whose file or `-wal` `file` is.
    static func session(ofFile file: String) -> String? {
        let suffix = "." + SessionDirectory.fileExtension
        for ending in [suffix, suffix + "-wal"] where file.hasSuffix(ending) {
            return String(file.dropLast(ending.count))
        }
        return nil
    }

    /// The events in bytes read from inotify: `struct inotify_event` (wd, mask, cookie, len, then
    /// `len` bytes of NUL-padded name), one after another.
    static func events(in bytes: ArraySlice<UInt8>) -> [(mask: UInt32, name: String)] {
        var events: [(mask: UInt32, name: String)] = []
        var offset = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: UInt32.self) }
        }
        while offset + 16 <= bytes.endIndex {
            let mask = word(offset + 4)
            let length = Int(word(offset + 12))
            let nameBytes = bytes[(offset + 16)..<min(bytes.endIndex, offset + 16 + length)].prefix { $0 != 0 }
            events.append((mask, String(decoding: nameBytes, as: UTF8.self)))
            offset += 16 + length
        }
        return events
    }
}
