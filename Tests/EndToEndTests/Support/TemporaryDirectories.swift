import Foundation
import Synchronization

/// The scratch directories the end-to-end tests make (data directories, web roots, backups),
/// removed when the test process exits rather than when one test's daemon goes away: a later
/// daemon in the same test may reopen an earlier one's data directory.
enum TemporaryDirectories {
    private static let made = Mutex<[String]>([])
    private static let removalAtExit: Void = { atexit { TemporaryDirectories.removeAll() } }()

    /// A new empty directory under the system's temporary directory, removed at exit.
    static func make() -> String {
        _ = removalAtExit
        let path = NSTemporaryDirectory() + "sketchd-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        made.withLock { $0.append(path) }
        return path
    }

    private static func removeAll() {
        let paths = made.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
