import SketchModel

/// Line diffs between two versions of a generated file (Myers' O(ND) algorithm), as hunks with
/// three lines of context that a client applies to its copy.
public enum LineDiff {
    /// Context lines kept around each change.
    public static let context = 3

    /// The hunks that turn `old` into `new`; empty when they are equal.
    public static func hunks(from old: String, to new: String) -> [DiffHunk] {
        let a = TextLines(old)
        let b = TextLines(new)
        let script = MyersDiff.script(oldCount: a.count, newCount: b.count) { a.line($0, equals: $1, of: b) }
        return HunkBuilder(old: { a[$0] }, new: { b[$0] }, script: script, context: context).hunks
    }

    /// Applies `hunks` (in order, as produced by ``hunks(from:to:)``) to `old`.
    /// - Throws: ``LineDiffError`` when the hunks do not fit the text.
    public static func apply(_ hunks: [DiffHunk], to old: String) throws -> String {
        let a = lines(old)
        var out: [Substring] = []
        var cursor = 0
        for (index, hunk) in hunks.enumerated() {
            guard hunk.oldStart >= cursor, hunk.oldStart <= a.count, hunk.oldCount >= 0, hunk.newCount >= 0 else {
                throw LineDiffError.outOfOrder(hunk: index)
            }
            out.append(contentsOf: a[cursor..<hunk.oldStart])
            guard hunk.newStart == out.count else { throw LineDiffError.outOfOrder(hunk: index) }
            var oldLine = hunk.oldStart
            var added = 0
            for (number, line) in hunk.lines.enumerated() {
                guard let marker = line.first else { throw LineDiffError.malformedLine(hunk: index, line: number) }
                let body = line.dropFirst()
                switch marker {
                case " ", "-":
                    guard oldLine < a.count, a[oldLine] == body else {
                        throw LineDiffError.mismatch(hunk: index, oldLine: oldLine)
                    }
                    if marker == " " {
                        out.append(body)
                        added += 1
                    }
                    oldLine += 1
                case "+":
                    out.append(body)
                    added += 1
                default:
                    throw LineDiffError.malformedLine(hunk: index, line: number)
                }
            }
            guard oldLine - hunk.oldStart == hunk.oldCount, added == hunk.newCount else {
                throw LineDiffError.countMismatch(hunk: index)
            }
            cursor = oldLine
        }
        out.append(contentsOf: a[cursor...])
        return out.joined(separator: "\n")
    }

    /// The text split on the byte `"\n"` (as a client splits it: a `"\r\n"` is not one line
    /// break here); joining with `"\n"` gives the text back exactly. Splitting the `String`'s
    /// characters instead walked grapheme clusters, most of a code diff's time.
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}

/// One step of an edit script.
enum EditStep: Hashable {
    case keep(old: Int, new: Int)
    case delete(old: Int)
    case insert(new: Int)
}

/// Myers' greedy shortest edit script, after trimming the common prefix and suffix.
enum MyersDiff {
    /// The script of `oldCount` lines to `newCount` lines, where `equal(i, j)` says whether old
    /// line `i` is new line `j`.
    static func script(oldCount: Int, newCount: Int, equal: (Int, Int) -> Bool) -> [EditStep] {
        var prefix = 0
        while prefix < oldCount, prefix < newCount, equal(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < oldCount - prefix, suffix < newCount - prefix,
            equal(oldCount - 1 - suffix, newCount - 1 - suffix)
        {
            suffix += 1
        }
        var steps = (0..<prefix).map { EditStep.keep(old: $0, new: $0) }
        steps += middle(equal, from: prefix, oldEnd: oldCount - suffix, newEnd: newCount - suffix)
        steps += (0..<suffix).map { EditStep.keep(old: oldCount - suffix + $0, new: newCount - suffix + $0) }
        return steps
    }

    /// The edit script of old lines `start..<oldEnd` to new lines `start..<newEnd`.
    private static func middle(_ equal: (Int, Int) -> Bool, from start: Int, oldEnd: Int, newEnd: Int) -> [EditStep] {
        let n = oldEnd - start
        let m = newEnd - start
        if n == 0 { return (0..<m).map { .insert(new: start + $0) } }
        if m == 0 { return (0..<n).map { .delete(old: start + $0) } }
        let maxD = n + m
        let offset = maxD
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        var trace: [[Int]] = []
        search: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, equal(start + x, start + y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk the trace back from (n, m), collecting steps in reverse.
        var steps: [EditStep] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let vd = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && vd[offset + k - 1] < vd[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : vd[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(.keep(old: start + x, new: start + y))
            }
            if d > 0 {
                if x == previousX {
                    steps.append(.insert(new: start + previousY))
                } else {
                    steps.append(.delete(old: start + previousX))
                }
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}

/// Groups an edit script into hunks with context, merging hunks whose context would overlap.
struct HunkBuilder {
    let hunks: [DiffHunk]

    /// The hunks of `script`, whose lines `old(i)` and `new(j)` give.
    init(old: (Int) -> String, new: (Int) -> String, script: [EditStep], context: Int) {
        let changed = script.indices.filter { if case .keep = script[$0] { false } else { true } }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            if let last = groups.last, index - last.upperBound <= 2 * context + 1 {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        // Old and new line positions before each step.
        var positions: [(old: Int, new: Int)] = []
        var o = 0
        var n = 0
        for step in script {
            positions.append((o, n))
            switch step {
            case .keep:
                o += 1
                n += 1
            case .delete: o += 1
            case .insert: n += 1
            }
        }
        hunks = groups.map { group in
            let lower = max(0, group.lowerBound - context)
            let upper = min(script.count - 1, group.upperBound + context)
            var lines: [String] = []
            var oldCount = 0
            var newCount = 0
            for step in script[lower...upper] {
                switch step {
                case .keep(let oi, _):
                    lines.append(" " + old(oi))
                    oldCount += 1
                    newCount += 1
                case .delete(let oi):
                    lines.append("-" + old(oi))
                    oldCount += 1
                case .insert(let ni):
                    lines.append("+" + new(ni))
                    newCount += 1
                }
            }
            return DiffHunk(
                oldStart: positions[lower].old, oldCount: oldCount, newStart: positions[lower].new, newCount: newCount,
                lines: lines)
        }
    }
}
