import CZlib
import Foundation

/// Inflates gzip data: the shipped word list, and data set files (every member, as `gzip -d`
/// does); and raw deflate data (a zip entry's).
public enum Gzip {
    /// Why gzip data could not be inflated.
    public struct Damaged: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The inflated bytes of `data`.
    /// - Throws: ``Damaged`` when the stream is damaged or ends early.
    public static func inflate(_ data: Data) throws -> Data {
        // 15 window bits + 32: detect the gzip header.
        try inflate(data, windowBits: 15 + 32)
    }

    /// The inflated bytes of raw deflate data (no header), as a zip entry stores it.
    /// - Throws: ``Damaged`` when the stream is damaged or ends early.
    public static func inflateRaw(_ data: Data) throws -> Data {
        try inflate(data, windowBits: -15)
    }

    private static func inflate(_ data: Data, windowBits: Int32) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Damaged(reason: "zlib could not start")
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
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output.append(buffer, count: chunk - Int(stream.avail_out))
                switch status {
                case Z_STREAM_END:
                    // Concatenated gzip members continue after the first one's end.
                    if stream.avail_in == 0 || windowBits < 0 { return output }
                    guard inflateReset(&stream) == Z_OK else {
                        throw Damaged(reason: "cannot read the next gzip member")
                    }
                case Z_OK:
                    if stream.avail_in == 0 && stream.avail_out != 0 {
                        throw Damaged(reason: "the gzip stream ends early")
                    }
                case Z_BUF_ERROR:
                    throw Damaged(reason: "the gzip stream ends early")
                default:
                    throw Damaged(reason: stream.msg.map { String(cString: $0) } ?? "error \(status)")
                }
            }
        }
    }
}
