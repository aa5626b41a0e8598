import CZlib
import Foundation

/// The English words the reader prefers besides the UI lexicon (`Resources/english-words.txt.gz`:
/// SCOWL size 50 as Debian's wamerican; its copyright is in `Resources/english-words.COPYRIGHT`).
public enum EnglishWords {
    /// File name of the shipped list.
    public static let shippedName = "english-words.txt.gz"

    /// The shipped words, one per entry, as spelled.
    /// - Throws: ``ModelFileError`` when the list is missing or not gzip.
    public static func shipped() throws -> [String] {
        let text = try gunzip(Array(try ShippedResource.data(shippedName)))
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ModelFileError.invalid("zlib did not start")
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            var status = Z_OK
            while status == Z_OK {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                out += chunk[0..<(chunk.count - Int(stream.avail_out))]
            }
            return status
        }
        guard status == Z_STREAM_END else { throw ModelFileError.invalid("\(shippedName) is not a whole gzip stream") }
        return out
    }
}
