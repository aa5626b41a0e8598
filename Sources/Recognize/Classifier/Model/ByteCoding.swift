/// Little-endian writer for ``ModelFile``.
struct ByteWriter {
    private(set) var data: [UInt8] = []

    mutating func bytes(_ b: [UInt8]) { data += b }
    mutating func u32(_ v: UInt32) {
        for s in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: v >> UInt32(s))) }
    }
    mutating func f32(_ v: Float) { u32(v.bitPattern) }
    mutating func f32s(_ values: [Float]) {
        data.reserveCapacity(data.count + values.count * 4)
        for v in values { f32(v) }
    }
}

/// Bounds-checked little-endian reader for ``ModelFile``; every read throws `.truncated` past `end`.
struct ByteReader {
    let data: [UInt8]
    var offset = 0
    var end: Int

    init(_ data: [UInt8]) {
        self.data = data
        self.end = data.count
    }

    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw ModelFileError.truncated }
        defer { offset += 1 }
        return data[offset]
    }

    mutating func bytes(_ n: Int) throws -> [UInt8] {
        guard n >= 0, end - offset >= n else { throw ModelFileError.truncated }
        defer { offset += n }
        return Array(data[offset..<(offset + n)])
    }

    mutating func u32() throws -> UInt32 {
        guard end - offset >= 4 else { throw ModelFileError.truncated }
        defer { offset += 4 }
        return UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
            | UInt32(data[offset + 3]) << 24
    }

    /// A u32 count that must not exceed `limit`.
    mutating func count(limit: Int) throws -> Int {
        let v = Int(try u32())
        guard v <= limit else { throw ModelFileError.invalid("count \(v) exceeds \(limit)") }
        return v
    }

    mutating func f32() throws -> Float { Float(bitPattern: try u32()) }

    mutating func f32s(_ n: Int) throws -> [Float] {
        guard n >= 0, (end - offset) / 4 >= n else { throw ModelFileError.truncated }
        var out = [Float](repeating: 0, count: n)
        data.withUnsafeBufferPointer { src in
            for i in 0..<n {
                let o = offset + 4 * i
                out[i] = Float(
                    bitPattern: UInt32(src[o]) | UInt32(src[o + 1]) << 8 | UInt32(src[o + 2]) << 16 | UInt32(src[o + 3])
                        << 24)
            }
        }
        offset += 4 * n
        return out
    }
}
