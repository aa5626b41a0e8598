import Exporter

/// Which lines of which file each recognised element's code takes, as sent with `code` and
/// `codeDiff`: `{"LoginScreen.swift": {"e-s3": [12, 18]}}`, 0-based lines `[start, end)`.
struct SourceMap: Encodable, Equatable {
    var lines: [String: [String: Range<Int>]]

    /// The map of these files (files without elements are left out).
    init(_ files: [GeneratedFile]) {
        lines = Dictionary(files.filter { !$0.elementLines.isEmpty }.map { ($0.path, $0.elementLines) }, uniquingKeysWith: { first, _ in first })
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(lines.mapValues { $0.mapValues { [$0.lowerBound, $0.upperBound] } })
    }
}
