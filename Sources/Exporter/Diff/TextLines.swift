/// A text's lines as ranges of its UTF-8 bytes, split on the byte `"\n"` (as a client splits
/// it: a `"\r\n"` is not one line break here; joining the lines with `"\n"` gives the text back
/// exactly), compared byte for byte.
///
/// Splitting the `String`'s characters walked grapheme clusters, and splitting its UTF-8 view
/// into `Substring`s stepped an index a byte at a time: either was most of a code diff's time.
struct TextLines {
    /// The text's UTF-8.
    private let bytes: [UInt8]
    /// Each line's bytes, without its `"\n"`.
    private let ranges: [Range<Int>]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                ranges.append(start..<index)
                start = index + 1
            }
        }
        ranges.append(start..<bytes.count)
        self.bytes = bytes
        self.ranges = ranges
    }

    /// How many lines: one more than the text's `"\n"`s.
    var count: Int { ranges.count }

    /// Line `index` as text.
    subscript(index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }

    /// Whether line `index` has the same bytes as line `otherIndex` of `other`.
    func line(_ index: Int, equals otherIndex: Int, of other: TextLines) -> Bool {
        let (mine, theirs) = (ranges[index], other.ranges[otherIndex])
        return mine.count == theirs.count && bytes[mine].elementsEqual(other.bytes[theirs])
    }
}
