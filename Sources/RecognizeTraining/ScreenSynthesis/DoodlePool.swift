import Foundation
import SessionModel

/// Real DoodleUINet drawings by class, to place on synthetic screens as icons, avatars, switches
/// and checkboxes.
public struct DoodlePool: Sendable {
    /// Strokes as `[(x, y)]` lists, per class, in file order.
    public private(set) var drawings: [String: [[[(Double, Double)]]]] = [:]

    /// An empty pool: synthetic screens then draw every pictogram with the pen.
    public init() {}

    /// Reads a DoodleUINet ndjson file (plain or gzip), keeping the drawings `keep(id)` accepts.
    /// - Throws: ``DatasetFileError`` when the file cannot be read; malformed lines are skipped.
    public init(ndjson url: URL, keep: (String) -> Bool) throws {
        self.init(ndjsonText: try DatasetFile.text(url), keep: keep)
    }

    /// Parses DoodleUINet ndjson text, keeping the drawings `keep(id)` accepts; malformed lines
    /// are skipped.
    public init(ndjsonText text: String, keep: (String) -> Bool) {
        struct Line: Decodable {
            let id: String
            let label: String
            let strokes: [[[Double]]]
        }
        let decoder = JSONDecoder()
        for raw in text.split(separator: "\n") {
            guard let line = try? decoder.decode(Line.self, from: Data(raw.utf8)), keep(line.id) else { continue }
            let strokes = line.strokes.compactMap { pair -> [(Double, Double)]? in
                guard pair.count >= 2, pair[0].count == pair[1].count, !pair[0].isEmpty else { return nil }
                return Array(zip(pair[0], pair[1]))
            }
            if !strokes.isEmpty { drawings[line.label, default: []].append(strokes) }
        }
    }

    /// A drawing of `label`, chosen by `rng`, or nil when the pool has none.
    func pick(_ label: String, rng: inout SeededGenerator) -> [[(Double, Double)]]? {
        guard let all = drawings[label], !all.isEmpty else { return nil }
        return all[Int.random(in: 0...(all.count - 1), using: &rng)]
    }

    /// How many drawings it holds.
    public var count: Int { drawings.values.map(\.count).reduce(0, +) }
}
