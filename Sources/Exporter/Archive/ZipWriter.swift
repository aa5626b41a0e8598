/// Writes a zip archive of stored (uncompressed) entries, deterministically: fixed timestamps
/// (1980-01-01), entries in the given order, UTF-8 names. PNGs are compressed already and the
/// sources are small, so storing keeps it simple and fast.
enum ZipWriter {
    static func archive(_ files: [ExportFile]) throws -> [UInt8] {
        guard files.count < 0xFFFF else { throw ExportError.archiveTooLarge }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for file in files {
            try ExportPath.check(file.path)
            let name = Array(file.path.utf8)
            guard out.count < 0xFFFF_FFFF, file.data.count < 0xFFFF_FFFF, name.count < 0xFFFF else {
                throw ExportError.archiveTooLarge
            }
            let crc = CRC32.checksum(file.data)
            let offset = UInt32(out.count)
            let size = UInt32(file.data.count)
            out += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x0021)
            out += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name
            out += file.data
            central += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x0021)
            central +=
                le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(0o100644 << 16) + le32(offset) + name
        }
        guard out.count + central.count < 0xFFFF_FFFF else { throw ExportError.archiveTooLarge }
        let centralOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(files.count)) + le16(UInt16(files.count))
        out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return out
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] {
        [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }
}
