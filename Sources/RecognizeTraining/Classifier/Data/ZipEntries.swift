import Foundation
import Recognize

/// Reads the files of a zip archive in memory: stored entries (as `sketchctl export --zip` and
/// the daemon write them) and deflated ones (as most zip tools write them). Nothing is written
/// to disk, so an entry's path never matters beyond its name.
public enum ZipEntries {
    /// Why an archive could not be read.
    public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The most an archive may inflate to (bytes), so a zip bomb is refused.
    public static let maximumTotalSize = 1 << 30

    /// Each entry's name and bytes, in the archive's order; directories are left out. `wanted`
    /// picks the entries to inflate by name.
    /// - Throws: ``Unreadable`` for a damaged archive, an unsupported method or one too large.
    public static func read(_ data: Data, wanted: (String) -> Bool = { _ in true }) throws -> [(
        name: String, data: Data
    )] {
        let bytes = [UInt8](data)
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Unreadable(reason: "the archive ends early") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int {
            let low = try u16(at)
            let high = try u16(at + 2)
            return low | high << 16
        }
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
        guard bytes.count >= 22 else { throw Unreadable(reason: "not a zip archive (too short)") }
        var end = bytes.count - 22
        while end >= max(0, bytes.count - 22 - 0xFFFF), try u32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= 0, try u32(end) == 0x0605_4B50 else {
            throw Unreadable(reason: "not a zip archive (no central directory)")
        }
        let count = try u16(end + 10)
        var at = try u32(end + 16)
        var entries: [(name: String, data: Data)] = []
        var total = 0
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw Unreadable(reason: "a damaged central directory") }
            let method = try u16(at + 10)
            let compressed = try u32(at + 20)
            let size = try u32(at + 24)
            let nameLength = try u16(at + 28)
            let extraLength = try u16(at + 30)
            let commentLength = try u16(at + 32)
            let local = try u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw Unreadable(reason: "the archive ends early") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extraLength + commentLength
            guard !name.hasSuffix("/"), wanted(name) else { continue }
            total += size
            guard total <= maximumTotalSize else {
                throw Unreadable(reason: "the archive inflates to over \(maximumTotalSize) bytes")
            }
            guard try u32(local) == 0x0403_4B50 else { throw Unreadable(reason: "a damaged entry header for \(name)") }
            let localName = try u16(local + 26)
            let localExtra = try u16(local + 28)
            let start = local + 30 + localName + localExtra
            guard start + compressed <= bytes.count else { throw Unreadable(reason: "\(name) ends past the archive") }
            let stored = Data(bytes[start..<(start + compressed)])
            switch method {
            case 0:
                entries.append((name, stored))
            case 8:
                do {
                    let inflated = try Gzip.inflateRaw(stored)
                    guard inflated.count == size else { throw Unreadable(reason: "\(name) inflates to the wrong size") }
                    entries.append((name, inflated))
                } catch let damaged as Gzip.Damaged {
                    throw Unreadable(reason: "\(name): \(damaged.reason)")
                }
            default:
                throw Unreadable(
                    reason: "\(name) uses compression method \(method); only stored and deflated entries are read")
            }
        }
        return entries
    }
}
