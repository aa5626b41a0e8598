import Foundation
import Recognize

/// Reads corrected screens exported for training and turns every element that is a single
/// primitive into a labelled drawing.
///
/// The exporter's `dataset` format was not final when this was written, so the reader accepts
/// any `*.json` file under the given directories with this layout (other files are skipped):
/// ```json
/// {"canvas": {"width": 390, "height": 844},
///  "strokes": [{"id": "s1", "points": [[x, y], [x, y, t], ...]}, ...],
///  "elements": [{"type": "image", "strokeIds": ["s1", "s2"], "symbol": null}, ...]}
/// ```
/// `type` is a ``PrimitiveClass`` raw value, or a NOTATION type that is one primitive
/// (``CorrectionDataset/notationPrimitive``), or `icon` with an SF Symbol name in `symbol`.
/// Composite elements (button, textField, container, bars, lists) are skipped: they are several
/// primitives, and the classifier learns one group at a time.
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
        struct Canvas: Decodable { var width: Double; var height: Double }
        struct StrokeEntry: Decodable { var id: String; var points: [[Double]] }
        struct ElementEntry: Decodable { var type: String; var strokeIds: [String]; var symbol: String? }
        var canvas: Canvas?
        var strokes: [StrokeEntry]
        var elements: [ElementEntry]
    }

    /// The class an element's type (and symbol) stands for, or nil when it is not one primitive.
    public static func primitive(type: String, symbol: String?) -> PrimitiveClass? {
        if let direct = PrimitiveClass(rawValue: type) { return direct }
        if type == "icon" { return symbol.flatMap { iconSymbol[$0] } }
        return notationPrimitive[type]
    }

    /// Every labelled drawing found under `directories`, in sorted path order.
    /// - Throws: `CocoaError` when a directory does not exist or cannot be listed; malformed JSON files are reported
    ///   through `skipped` and otherwise ignored.
    public static func load(directories: [String], skipped: (String) -> Void = { _ in }) throws -> [LabeledDrawing] {
        var drawings: [LabeledDrawing] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
                  let enumerator = FileManager.default.enumerator(atPath: directory)
            else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
            }
            let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
            for relative in files {
                let path = (directory as NSString).appendingPathComponent(relative)
                guard let data = FileManager.default.contents(atPath: path),
                      let file = try? JSONDecoder().decode(File.self, from: data)
                else { skipped(path); continue }
                drawings += Self.drawings(in: file, source: path)
            }
        }
        return drawings
    }

    private static func drawings(in file: File, source: String) -> [LabeledDrawing] {
        var byID: [String: [Point2]] = [:]
        for stroke in file.strokes {
            byID[stroke.id] = stroke.points.compactMap { $0.count >= 2 && $0[0].isFinite && $0[1].isFinite ? Point2($0[0], $0[1]) : nil }
        }
        let frame = file.canvas.map { Point2($0.width, $0.height) } ?? Point2(390, 844)
        return file.elements.compactMap { element in
            guard let label = primitive(type: element.type, symbol: element.symbol) else { return nil }
            let strokes = element.strokeIds.compactMap { byID[$0] }.filter { !$0.isEmpty }
            guard !strokes.isEmpty else { return nil }
            return LabeledDrawing(id: "\(source)#\(element.strokeIds.joined(separator: ","))", label: label,
                                  strokes: strokes, frameSize: frame)
        }
    }
}
