import Foundation
import Recognize
import SessionModel

/// The `sketchctl classify` contract, as a testable function.
///
/// Every non-blank input line gives exactly one output line, in order:
/// `{"confidence": 0.97, "id": "...", "label": "star"}` where `label` is one of the twenty
/// DoodleUINet classes and `confidence` its calibrated probability renormalised over those twenty
/// classes; or, for a malformed line, `{"error": "...", "id": <id or null>, "line": N}`.
/// Keys are sorted so output is byte-for-byte reproducible.
public enum DoodleBatchClassification {
    /// Output lines and the one-line error messages of malformed input lines.
    public struct Result: Sendable {
        /// One JSON line per non-blank input line.
        public var lines: [String]
        /// One message per malformed line (empty when all were fine).
        public var errors: [String]
    }

    private struct Answer: Encodable {
        var confidence: Double
        var id: String
        var label: String
    }

    private struct Failure: Encodable {
        var error: String
        var id: String?
        var line: Int

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(error, forKey: .error)
            try c.encode(id, forKey: .id)  // explicit null when unknown
            try c.encode(line, forKey: .line)
        }

        enum CodingKeys: String, CodingKey { case error, id, line }
    }

    /// Classifies every line of an NDJSON text.
    public static func run(ndjson text: String, classifier: StrokeClassifier) -> Result {
        let encoder = CanonicalJSON.encoder()
        var result = Result(lines: [], errors: [])
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            let json: Data
            do {
                let record = try DoodleRecord.parse(line: line)
                let answer = classifier.classifyDoodle(points: record.strokes)
                json = try encoder.encode(
                    Answer(
                        confidence: (answer.confidence * 1e6).rounded() / 1e6,
                        id: record.id, label: answer.label.rawValue))
            } catch {
                let message = (error as? DoodleRecordError)?.description ?? "\(error)"
                result.errors.append("line \(index + 1): \(message)")
                json =
                    (try? encoder.encode(Failure(error: message, id: recoverID(line), line: index + 1)))
                    ?? Data("{}".utf8)
            }
            result.lines.append(String(decoding: json, as: UTF8.self))
        }
        return result
    }

    /// The line's `id` when the line is a JSON object with a string id.
    private static func recoverID(_ line: Substring) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
    }
}
