import SketchModel

/// Which lines of which file each recognised element's code takes, as sent with `code` and
/// `codeDiff`: `{"LoginScreen.swift": {"e-s3": [12, 18]}}`, 0-based lines `[start, end)`.
public struct SourceMap: Codable, Equatable, Sendable {
    /// File path -> element id -> its lines.
    public var lines: [String: [String: Range<Int>]]

    /// The map of these files (files without elements are left out).
    public init(_ files: [GeneratedFile]) {
        lines = Dictionary(
            files.filter { !$0.elementLines.isEmpty }.map { ($0.path, $0.elementLines) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Reads `{path: {id: [start, end]}}`; a pair that is not two ordered numbers is an error.
    public init(from decoder: any Decoder) throws {
        let pairs = try decoder.singleValueContainer().decode([String: [String: [Int]]].self)
        lines = try pairs.mapValues { elements in
            try elements.mapValues { pair in
                guard pair.count == 2, pair[0] <= pair[1] else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: decoder.codingPath, debugDescription: "a line range is [start, end]"))
                }
                return pair[0]..<pair[1]
            }
        }
    }

    /// Writes `{path: {id: [start, end]}}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(lines.mapValues { $0.mapValues { [$0.lowerBound, $0.upperBound] } })
    }
}
