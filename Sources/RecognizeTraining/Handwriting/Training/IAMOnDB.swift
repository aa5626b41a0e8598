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
}
