/// Why hunks could not be applied.
public enum LineDiffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A hunk line does not start with `" "`, `"-"` or `"+"`.
    case malformedLine(hunk: Int, line: Int)
    /// A hunk starts before the previous one ends, or outside the text.
    case outOfOrder(hunk: Int)
    /// A kept or removed line differs from the text (the hunks are for another version).
    case mismatch(hunk: Int, oldLine: Int)
    /// The counts in the header disagree with the hunk's lines.
    case countMismatch(hunk: Int)

    public var description: String {
        switch self {
        case .malformedLine(let hunk, let line): "hunk \(hunk) line \(line) does not start with ' ', '-' or '+'"
        case .outOfOrder(let hunk): "hunk \(hunk) starts before the previous hunk ends or outside the text"
        case .mismatch(let hunk, let line): "hunk \(hunk) does not match old line \(line)"
        case .countMismatch(let hunk): "hunk \(hunk) has counts that disagree with its lines"
        }
    }
}
