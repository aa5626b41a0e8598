import Foundation
import Recognize

/// Reads the screens people corrected, as `sketchctl export --format dataset` (or the daemon's
/// `export`) writes them, a folder or its zip, and turns every element that is one primitive
/// into a labelled drawing.
///
/// Every `*.json` file with this layout is read (others are reported as skipped):
/// ```json
/// {"screen": {"width": 390, "height": 844},
///  "strokes": [{"id": "s1", "points": [[x, y], [x, y, t], ...]}, ...],
///  "elements": [{"type": "image", "strokeIds": ["s1", "s2"], "symbol": null, "source": "corrected"}, ...]}
/// ```
/// (`canvas` in place of `screen` is read too.) `type` is a ``PrimitiveClass`` raw value, or a
/// NOTATION type that is one primitive (``CorrectionDataset/notationPrimitive``), or `icon` with
/// an SF Symbol name in `symbol`. Composite elements (button, textField, container, bars, lists)
/// are skipped: they are several primitives, and the classifier learns one group at a time.
/// Written words (an element with a `textSource`) are handwriting, never a squiggle drawing.
/// Elements whose `source` is `uncorrected` (the recognizer's output no person vouched for) are
/// left out unless asked for.
public enum CorrectionDataset {
    /// NOTATION types that are drawn as exactly one primitive.
    public static let notationPrimitive: [String: PrimitiveClass] = [
        "image": .crossedBox, "divider": .horizontalLine, "toggle": .switch, "checkbox": .checkbox,
        "slider": .sliders, "picker": .dropDown, "avatar": .avatar, "label": .squiggle,
    ]

    /// SF Symbols of NOTATION icons, back to the DoodleUINet class they are drawn as.
    public static let iconSymbol: [String: PrimitiveClass] = [
        "chevron.left": .back, "arrow.left": .leftarrow, "chevron.right": .forward, "line.3.horizontal": .menu,
        "plus": .plus, "magnifyingglass": .search, "gearshape": .settings, "square.and.arrow.up": .share,
        "xmark": .cancel, "play.fill": .play, "star": .star, "camera": .camera, "envelope": .envelope,
    ]

    private struct File: Decodable {
        struct Canvas: Decodable {
            var width: Double
            var height: Double
        }
        struct StrokeEntry: Decodable {
            var id: String
            var points: [[Double]]
        }
        struct ElementEntry: Decodable {
            var type: String
            var strokeIds: [String]
            var symbol: String?
            var source: String?
            var textSource: String?
        }
        var screen: Canvas?
        var canvas: Canvas?
        var strokes: [StrokeEntry]
        var elements: [ElementEntry]
    }

    /// Why corrections could not be read.
    public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The class an element's type (and symbol) stands for, or nil when it is not one primitive.
    public static func primitive(type: String, symbol: String?) -> PrimitiveClass? {
        if let direct = PrimitiveClass(rawValue: type) { return direct }
        if type == "icon" { return symbol.flatMap { iconSymbol[$0] } }
        return notationPrimitive[type]
    }

    /// Every labelled drawing in `paths` (export folders, searched for JSON files in sorted path
    /// order, or zip exports); with `includeUncorrected`, the recognizer's uncorrected output too.
    /// - Throws: ``Unreadable`` when a path is neither a folder nor a readable zip; malformed
    ///   JSON files are reported through `skipped` and otherwise ignored.
    public static func load(paths: [String], includeUncorrected: Bool = false, skipped: (String) -> Void = { _ in })
        throws
        -> [LabeledDrawing]
    {
        var drawings: [LabeledDrawing] = []
        for path in paths {
            for (name, data) in try jsonFiles(at: path) {
                guard let file = try? JSONDecoder().decode(File.self, from: data) else {
                    if (name as NSString).lastPathComponent != "dataset.json" { skipped(name) }
                    continue
                }
                drawings += Self.drawings(in: file, source: name, includeUncorrected: includeUncorrected)
            }
        }
        return drawings
    }

    /// The JSON files of a folder (recursively) or a zip archive, with their paths.
    private static func jsonFiles(at path: String) throws -> [(name: String, data: Data)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Unreadable(description: "\(path) does not exist")
        }
        if isDirectory.boolValue {
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw Unreadable(description: "cannot list \(path)")
            }
            return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted().compactMap {
                relative in
                let file = (path as NSString).appendingPathComponent(relative)
                return FileManager.default.contents(atPath: file).map { (file, $0) }
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "cannot read \(path)")
        }
        do {
            return try ZipEntries.read(data) { $0.hasSuffix(".json") }.map { ("\(path)!\($0.name)", $0.data) }
                .sorted { $0.0 < $1.0 }
        } catch let error as ZipEntries.Unreadable {
            throw Unreadable(description: "\(path) is neither an export folder nor a zip export: \(error.reason)")
        }
    }

    private static func drawings(in file: File, source: String, includeUncorrected: Bool) -> [LabeledDrawing] {
        var byID: [String: [Point2]] = [:]
        for stroke in file.strokes {
            byID[stroke.id] = stroke.points.compactMap {
                $0.count >= 2 && $0[0].isFinite && $0[1].isFinite ? Point2($0[0], $0[1]) : nil
            }
        }
        let frame = (file.screen ?? file.canvas).map { Point2($0.width, $0.height) } ?? Point2(390, 844)
        return file.elements.compactMap { element in
            guard includeUncorrected || element.source != "uncorrected", element.textSource == nil,
                let label = primitive(type: element.type, symbol: element.symbol)
            else { return nil }
            let strokes = element.strokeIds.compactMap { byID[$0] }.filter { !$0.isEmpty }
            guard !strokes.isEmpty else { return nil }
            return LabeledDrawing(
                id: "\(source)#\(element.strokeIds.joined(separator: ","))", label: label,
                strokes: strokes, frameSize: frame)
        }
    }
}
