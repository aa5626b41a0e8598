import Foundation

/// Writes export files into a folder without ever leaving it: every path is checked with
/// ``ExportPath/check(_:)``, and no existing symbolic link inside the folder is followed.
public enum ExportWriter {
    /// Writes `files` below `root` (created if needed); returns the paths written.
    /// - Throws: ``ExportError/unsafePath(_:)`` or ``ExportError/cannotWrite(_:)``.
    @discardableResult
    public static func write(_ files: [ExportFile], to root: String) throws -> [String] {
        for file in files { try ExportPath.check(file.path) }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw ExportError.cannotWrite("cannot create '\(root)': \(error.localizedDescription)")
        }
        var written: [String] = []
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            var current = root
            for (index, part) in parts.enumerated() {
                current += "/" + part
                if isSymbolicLink(current) { throw ExportError.unsafePath(file.path) }
                if index < parts.count - 1, !manager.fileExists(atPath: current) {
                    do { try manager.createDirectory(atPath: current, withIntermediateDirectories: false) } catch {
                        throw ExportError.cannotWrite("cannot create '\(current)': \(error.localizedDescription)")
                    }
                }
            }
            guard manager.createFile(atPath: current, contents: Data(file.data)) else {
                throw ExportError.cannotWrite("cannot write '\(current)'")
            }
            written.append(current)
        }
        return written
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
