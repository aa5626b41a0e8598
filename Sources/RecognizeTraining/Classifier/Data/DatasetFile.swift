import Foundation
import Recognize

/// Reads data set files, plain or gzip-compressed (the vendored DoodleUINet drawings are
/// `data/doodleuinet/train.ndjson.gz`). Compression is detected from the file's first bytes, not
/// its name.
public enum DatasetFile {
    /// The vendored DoodleUINet drawings, relative to the repository's root.
    public static let vendoredDoodles = "data/doodleuinet/train.ndjson.gz"

    /// The vendored DoodleUINet drawings inside the repository whose root is `root`.
    public static func vendoredDoodles(in root: URL) -> URL { root.appendingPathComponent(vendoredDoodles) }

    /// The whole file, decompressed when it is gzip.
    /// - Throws: ``DatasetFileError`` when the file cannot be read or its compressed data is damaged.
    public static func read(_ url: URL) throws -> Data {
        guard let raw = FileManager.default.contents(atPath: url.path) else {
            throw DatasetFileError.unreadable(url.path)
        }
        return isGzip(raw) ? try gunzip(raw, path: url.path) : raw
    }

    /// The whole file as UTF-8 text, decompressed when it is gzip.
    public static func text(_ url: URL) throws -> String { String(decoding: try read(url), as: UTF8.self) }

    /// Whether `data` starts with the gzip magic number.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// Inflates a gzip stream (every member, as `gzip -d` does).
    static func gunzip(_ data: Data, path: String) throws -> Data {
        do { return try Gzip.inflate(data) } catch let error as Gzip.Damaged {
            throw DatasetFileError.damaged(path, error.reason)
        }
    }
}

/// Why a data set file could not be read.
public enum DatasetFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No such file, or not readable.
    case unreadable(String)
    /// The gzip data is truncated or corrupt.
    case damaged(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read '\(path)': no such file or not readable"
        case .damaged(let path, let why): "'\(path)' is not valid gzip: \(why)"
        }
    }
}
