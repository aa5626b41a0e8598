import Foundation
import Recognize

/// One line of a DoodleUINet-format NDJSON file:
/// `{"id": "...", "label": "..."?, "strokes": [[[x...], [y...]], ...]}`.
public struct DoodleRecord: Sendable, Hashable {
    /// The drawing's id (any JSON string; echoed by `sketchctl classify`).
    public var id: String
    /// The class name when the line carries one.
    public var label: String?
    /// Strokes as points, in file order.
    public var strokes: [[Point2]]

    /// Creates a record.
    public init(id: String, label: String?, strokes: [[Point2]]) {
        self.id = id
        self.label = label
        self.strokes = strokes
    }

    /// Parses one NDJSON line.
    /// - Throws: ``DoodleRecordError`` describing what is wrong with the line.
    public static func parse(line: Substring) throws -> DoodleRecord {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw DoodleRecordError.notJSONObject
        }
        guard let id = object["id"] as? String else { throw DoodleRecordError.missingField("id") }
        let rawLabel = object["label"]
        let label = rawLabel as? String
        guard label != nil || rawLabel == nil || rawLabel is NSNull else {
            throw DoodleRecordError.badField("label", "must be a string or null")
        }
        guard let rawStrokes = object["strokes"] as? [Any] else { throw DoodleRecordError.missingField("strokes") }
        guard rawStrokes.count <= maxStrokes else {
            throw DoodleRecordError.badField("strokes", "more than \(maxStrokes) strokes")
        }
        var strokes: [[Point2]] = []
        var totalPoints = 0
        for (index, raw) in rawStrokes.enumerated() {
            guard let pair = raw as? [Any], pair.count >= 2,
                let xs = numbers(pair[0]), let ys = numbers(pair[1]), xs.count == ys.count
            else {
                throw DoodleRecordError.badField(
                    "strokes", "stroke \(index) must be [[x...], [y...]] of equal-length number lists")
            }
            totalPoints += xs.count
            guard totalPoints <= maxPoints else {
                throw DoodleRecordError.badField("strokes", "more than \(maxPoints) points")
            }
            strokes.append(zip(xs, ys).map { Point2($0, $1) })
        }
        return DoodleRecord(id: id, label: label, strokes: strokes)
    }

    /// Limits that keep hostile lines cheap.
    public static let maxStrokes = 1_000
    /// Most points one drawing may hold.
    public static let maxPoints = 200_000

    private static func numbers(_ value: Any) -> [Double]? {
        guard let list = value as? [Any] else { return nil }
        var out: [Double] = []
        out.reserveCapacity(list.count)
        for item in list {
            guard let n = item as? NSNumber else { return nil }
            let d = n.doubleValue
            guard d.isFinite, abs(d) <= 1e7 else { return nil }
            out.append(d)
        }
        return out
    }

    /// Parses every non-empty line of an NDJSON text.
    /// - Throws: ``DoodleRecordError/line(_:_:)`` with the 1-based line number of the first bad line.
    public static func parseAll(_ text: String) throws -> [DoodleRecord] {
        var records: [DoodleRecord] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            do { records.append(try parse(line: line)) } catch let error as DoodleRecordError {
                throw DoodleRecordError.line(number + 1, error.description)
            }
        }
        return records
    }
}

/// Why an NDJSON line was refused.
public enum DoodleRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line is not a JSON object.
    case notJSONObject
    /// A required field is absent or has the wrong JSON type.
    case missingField(String)
    /// A field is present but invalid.
    case badField(String, String)
    /// A problem on a given 1-based line.
    case line(Int, String)

    public var description: String {
        switch self {
        case .notJSONObject: "not a JSON object"
        case .missingField(let name): "missing or mistyped field '\(name)'"
        case .badField(let name, let why): "field '\(name)': \(why)"
        case .line(let n, let why): "line \(n): \(why)"
        }
    }
}
