import CZlib
import Foundation

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
        guard let raw = FileManager.default.contents(atPath: url.path) else { throw DatasetFileError.unreadable(url.path) }
        return isGzip(raw) ? try gunzip(raw, path: url.path) : raw
    }

    /// The whole file as UTF-8 text, decompressed when it is gzip.
    public static func text(_ url: URL) throws -> String { String(decoding: try read(url), as: UTF8.self) }

    /// Whether `data` starts with the gzip magic number.
    public static func isGzip(_ data: Data) -> Bool { data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b }

    /// Inflates a gzip stream (every member, as `gzip -d` does).
    static func gunzip(_ data: Data, path: String) throws -> Data {
        var stream = z_stream()
        // 15 window bits + 32: detect the gzip header.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DatasetFileError.damaged(path, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        output.reserveCapacity(data.count * 5)
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let input = [UInt8](data)
        return try input.withUnsafeBufferPointer { inBytes -> Data in
            stream.next_in = UnsafeMutablePointer(mutating: inBytes.baseAddress)
            stream.avail_in = uInt(inBytes.count)
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(buffer, count: chunk - Int(stream.avail_out))
                switch status {
                case Z_STREAM_END:
                    // Concatenated gzip members continue after the first one's end.
                    if stream.avail_in == 0 { return output }
                    guard inflateReset(&stream) == Z_OK else { throw DatasetFileError.damaged(path, "cannot read the next gzip member") }
                case Z_OK:
                    if stream.avail_in == 0 && stream.avail_out != 0 { throw DatasetFileError.damaged(path, "the gzip stream ends early") }
                case Z_BUF_ERROR:
                    throw DatasetFileError.damaged(path, "the gzip stream ends early")
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw DatasetFileError.damaged(path, message)
                }
            }
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
