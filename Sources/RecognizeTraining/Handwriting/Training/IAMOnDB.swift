import Foundation
import Recognize
import SessionModel

/// Lines of IAM-OnDB (Liwicki and Bunke, ICDAR 2005) that a user brings as NDJSON
/// (`{"id", "writer", "text", "strokes": [[[x...], [y...]], ...]}`, as the project's training
/// script reads them). Its terms forbid redistribution: nothing of it is in the repository, and
/// no test needs it.
public struct IAMOnDBLine: Sendable {
    public var id: String
    public var writer: String
    public var text: String
    public var strokes: [[Point2]]

    /// Which part a writer's lines belong to, by the writer's number (the same rule as
    /// `scripts/handwriting/data.py`): test writers are never trained or tuned on; validation
    /// writers tune the decoder and calibrate the confidence.
    public enum Part: String, Sendable, CaseIterable {
        case train, validation, test

        public init(writer: String) {
            let number = Int(writer.split(separator: "-").last ?? "") ?? 0
            self = number % 8 == 0 ? .test : number % 8 == 1 ? .validation : .train
        }
    }

    /// The lines of `url` (plain or gzip) whose writer is in `part`.
    /// - Throws: ``DatasetFileError`` or ``DoodleRecordError`` for an unreadable file or line.
    public static func load(_ url: URL, part: Part) throws -> [IAMOnDBLine] {
        try DatasetFile.text(url).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = object["id"] as? String, let writer = object["writer"] as? String,
                let text = object["text"] as? String
            else { throw DoodleRecordError.notJSONObject }
            guard Part(writer: writer) == part else { return nil }
            let record = try DoodleRecord.parse(line: line)
            return IAMOnDBLine(id: id, writer: writer, text: text, strokes: record.strokes.filter { !$0.isEmpty })
        }
    }

    /// The line's words with their strokes (writing order kept), when the gaps between the ink's
    /// runs say clearly where each word ends: the `n - 1` widest gaps between runs of strokes that
    /// overlap horizontally, for `n` words, each wider than 1.4 times every other gap. Nil when
    /// the line does not cut that clearly.
    public func words() -> [(text: String, strokes: [[Point2]])]? {
        let texts = text.split(separator: " ").map(String.init)
        guard !texts.isEmpty, !strokes.isEmpty else { return nil }
        let spans = strokes.map { s in (s.map(\.x).min()!, s.map(\.x).max()!) }
        let order = spans.indices.sorted { spans[$0].0 < spans[$1].0 }
        var runs: [(minX: Double, maxX: Double, members: [Int])] = []
        for i in order {
            if let last = runs.last, spans[i].0 <= last.maxX {
                runs[runs.count - 1].maxX = max(last.maxX, spans[i].1)
                runs[runs.count - 1].members.append(i)
            } else {
                runs.append((spans[i].0, spans[i].1, [i]))
            }
        }
        guard runs.count >= texts.count else { return nil }
        let gaps = (1..<runs.count).map { (gap: runs[$0].minX - runs[$0 - 1].maxX, after: $0 - 1) }.sorted {
            $0.gap > $1.gap
        }
        let cuts = Set(gaps.prefix(texts.count - 1).map(\.after))
        if texts.count > 1, gaps.count >= texts.count {
            guard gaps[texts.count - 2].gap > 1.4 * gaps[texts.count - 1].gap else { return nil }
        }
        var words: [[Int]] = [[]]
        for (k, run) in runs.enumerated() {
            words[words.count - 1] += run.members
            if cuts.contains(k) { words.append([]) }
        }
        return zip(texts, words).map { text, members in (text, members.sorted().map { strokes[$0] }) }
    }
}
