/// One hunk of a line diff, as sent in the protocol's `codeDiff` message (Exporter's `LineDiff`
/// makes and applies them).
///
/// Lines are the text split on `"\n"` (so a text ending with a newline has a last, empty line),
/// indexed from 0. `lines` holds the hunk's context (`" kept"`), removals (`"-removed"`) and
/// additions (`"+added"`) in order; `oldCount` counts kept and removed lines, `newCount` kept and
/// added ones.
public struct DiffHunk: Hashable, Sendable, Codable {
    /// The hunk's first line in the old text.
    public var oldStart: Int
    /// How many lines of the old text it covers (kept and removed).
    public var oldCount: Int
    /// The hunk's first line in the new text.
    public var newStart: Int
    /// How many lines of the new text it covers (kept and added).
    public var newCount: Int
    /// The hunk's lines, each prefixed with `" "`, `"-"` or `"+"`.
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
