/// One hunk of a line diff, as sent in the protocol's `codeDiff` message.
///
/// Lines are the text split on `"\n"` (so a text ending with a newline has a last, empty line),
/// indexed from 0. `lines` holds the hunk's context (`" kept"`), removals (`"-removed"`) and
/// additions (`"+added"`) in order; `oldCount` counts kept and removed lines, `newCount` kept and
/// added ones.
public struct DiffHunk: Hashable, Sendable, Codable {
    public var oldStart: Int
    public var oldCount: Int
    public var newStart: Int
    public var newCount: Int
    public var lines: [String]

    /// Creates a hunk.
    public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, lines: [String]) {
        self.oldStart = oldStart
        self.oldCount = oldCount
        self.newStart = newStart
        self.newCount = newCount
        self.lines = lines
    }
}

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
