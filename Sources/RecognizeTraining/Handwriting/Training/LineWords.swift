import Recognize
import SketchModel

extension IAMOnDBLine {
    /// The line's words with their strokes (writing order kept), when the ink says clearly where
    /// each word ends; nil when it does not. The rule, the same as `line_words` in
    /// `scripts/handwriting/data.py`:
    /// - strokes that overlap horizontally form runs of ink;
    /// - a mark of punctuation standing alone (a run much narrower and shorter than the line's
    ///   runs) joins the nearer of its neighbours, so it never passes for a word;
    /// - the `n - 1` widest gaps between runs cut the `n` words, each wider than 1.4 times every
    ///   other gap;
    /// - and each word is as wide as its letters make it: between 0.4 and 2.2 times the line's
    ///   median width per letter, narrow and wide letters weighed ( ``letterWidth(_:)``). A cut that
    ///   puts two words' ink under one word's text, or none, fails this.
    public func words() -> [(text: String, strokes: [[Point2]])]? {
        let texts = text.split(separator: " ").map(String.init)
        guard !texts.isEmpty, !strokes.isEmpty else { return nil }
        let runs = InkRun.punctuationJoined(InkRun.runs(of: strokes))
        guard runs.count >= texts.count else { return nil }
        let gaps = (1..<runs.count).map { (gap: runs[$0].frame.minX - runs[$0 - 1].frame.maxX, after: $0 - 1) }.sorted {
            $0.gap > $1.gap
        }
        let cuts = Set(gaps.prefix(texts.count - 1).map(\.after))
        if texts.count > 1, gaps.count >= texts.count {
            guard gaps[texts.count - 2].gap > 1.4 * gaps[texts.count - 1].gap else { return nil }
        }
        var words: [InkRun] = []
        var current: InkRun?
        for (k, run) in runs.enumerated() {
            current = current.map { $0.joined(run) } ?? run
            if cuts.contains(k) || k == runs.count - 1 {
                words.append(current!)
                current = nil
            }
        }
        let perLetter = zip(texts, words).map { text, word in word.frame.width / Self.letterWidth(text) }
        let ordered = perLetter.sorted()
        let typical = (ordered[(ordered.count - 1) / 2] + ordered[ordered.count / 2]) / 2
        guard typical > 0, perLetter.allSatisfy({ (0.4...2.2).contains($0 / typical) }) else { return nil }
        return zip(texts, words).map { text, word in (text, word.members.sorted().map { strokes[$0] }) }
    }

    /// How wide `text` is written, in letters: "i", "l" and their like count half, "m" and "w"
    /// 1.4, punctuation 0.3.
    static func letterWidth(_ text: String) -> Double {
        text.reduce(0) { sum, c in
            sum + (".,;:'!\"-".contains(c) ? 0.3 : "iljtfr|I1".contains(c) ? 0.5 : "mwMW".contains(c) ? 1.4 : 1.0)
        }
    }
}

/// Strokes that overlap horizontally, as one run of ink.
struct InkRun {
    var frame: Rect
    var members: [Int]

    func joined(_ other: InkRun) -> InkRun {
        InkRun(frame: frame.union(other.frame), members: members + other.members)
    }

    /// The runs of `strokes` from left to right (strokes must not be empty).
    static func runs(of strokes: [[Point2]]) -> [InkRun] {
        let boxes = strokes.enumerated().map { i, s in
            let b = [s].bounds!
            return InkRun(frame: Rect(minX: b.min.x, minY: b.min.y, maxX: b.max.x, maxY: b.max.y), members: [i])
        }
        var runs: [InkRun] = []
        for box in boxes.sorted(by: { ($0.frame.minX, $0.members[0]) < ($1.frame.minX, $1.members[0]) }) {
            if let last = runs.last, box.frame.minX <= last.frame.maxX {
                runs[runs.count - 1] = last.joined(box)
            } else {
                runs.append(box)
            }
        }
        return runs
    }

    /// `runs` with each mark of punctuation (narrower than a quarter and shorter than half the
    /// runs' median height) joined to the nearer neighbour.
    static func punctuationJoined(_ runs: [InkRun]) -> [InkRun] {
        guard runs.count > 1 else { return runs }
        let heights = runs.map(\.frame.height).sorted()
        let typical = heights[heights.count / 2]
        var out = runs
        var k = 0
        while k < out.count, out.count > 1 {
            let run = out[k].frame
            guard run.width < 0.25 * typical, run.height < 0.5 * typical else {
                k += 1
                continue
            }
            let left = k > 0 ? run.minX - out[k - 1].frame.maxX : nil
            let right = k + 1 < out.count ? out[k + 1].frame.minX - run.maxX : nil
            if let left, right.map({ left <= $0 }) ?? true {
                out[k - 1] = out[k - 1].joined(out[k])
            } else {
                out[k + 1] = out[k].joined(out[k + 1])
            }
            out.remove(at: k)
        }
        return out
    }
}
