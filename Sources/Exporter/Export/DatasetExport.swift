import Foundation
import SketchModel
import StrokeLog

/// The `dataset` export: training data for the recognizer (layout in docs/ARCHITECTURE.md,
/// "Dataset export"). The labels are the truth after people's corrections.
enum DatasetExport {
    /// `dataset.json`: what the folder holds.
    struct Manifest: Codable, Hashable {
        var format = "sketchd-dataset"
        var version = 1
        var title: String?
        var seq: Int64
        var classes: [String]
        var screens: [ScreenEntry]
    }

    struct ScreenEntry: Codable, Hashable {
        var id: String
        var name: String
        var width: Double
        var height: Double
        var image: String
        var labels: String
        var strokes: String
    }

    /// `strokes/<screen>.json`: the raw strokes and the truth.
    struct ScreenRecord: Codable, Hashable {
        var screen: Screen
        var strokes: [StrokeRecord]
        var elements: [Truth]
        var corrections: [Correction]
    }

    struct StrokeRecord: Codable, Hashable {
        var id: String
        var color: String
        var width: Double
        /// `[x, y, t]` in canvas points and milliseconds.
        var points: [[Double]]
    }

    /// One labelled box.
    struct Truth: Codable, Hashable {
        var id: String
        /// The true type: a person's label correction if any, else the recognised type.
        var type: String
        /// Index into `classes`.
        var classIndex: Int
        var frame: Rect
        var strokeIds: [String]
        var text: String?
        /// Where `text` came from: `typed` (a person's correction, which is the truth for the
        /// strokes it names: a labelled example of their handwriting when the reader had read
        /// it) or `read` (the handwriting reader's, with `textConfidence`); nil without text.
        var textSource: String?
        var textConfidence: Double?
        /// Whether the type was set by a person.
        var corrected: Bool
        /// The recognizer's type, for error analysis.
        var recognizedType: String
    }

    static let classes = ElementType.allCases.map(\.rawValue)

    static func files(state: SessionState, recognition: SessionRecognition) throws -> [ExportFile] {
        var files: [ExportFile] = [ExportFile(path: "classes.txt", text: classes.joined(separator: "\n") + "\n")]
        var entries: [ScreenEntry] = []
        var usedNames: Set<String> = []
        for screen in recognition.screens {
            var stem = ExportPath.safeName(screen.screen.id, fallback: "screen")
            if !usedNames.insert(stem).inserted { stem += "-\(entries.count + 1)"; usedNames.insert(stem) }
            let strokes = state.liveStrokes(onScreen: screen.screen.id)
            let corrections = state.corrections(onScreen: screen.screen.id)
            let truths = truth(for: screen, corrections: corrections)
            let image = try PNGCodec.encode(SketchRenderer(screen: screen.screen, strokes: strokes, scale: 1).render())
            let record = ScreenRecord(
                screen: screen.screen,
                strokes: strokes.map { StrokeRecord(id: $0.id, color: $0.color, width: $0.width, points: $0.points.map { [$0.x, $0.y, $0.t] }) },
                elements: truths, corrections: corrections)
            let entry = ScreenEntry(
                id: screen.screen.id, name: screen.screen.name, width: screen.screen.width, height: screen.screen.height,
                image: "images/\(stem).png", labels: "labels/\(stem).txt", strokes: "strokes/\(stem).json")
            files.append(ExportFile(path: entry.image, data: image))
            files.append(ExportFile(path: entry.labels, text: yoloLines(truths, screen: screen.screen)))
            files.append(ExportFile(path: entry.strokes, data: Array(try DeterministicJSON.encode(record)) + [0x0A]))
            entries.append(entry)
        }
        let manifest = Manifest(title: recognition.title, seq: recognition.seq, classes: classes, screens: entries)
        files.insert(ExportFile(path: "dataset.json", data: Array(try DeterministicJSON.encode(manifest)) + [0x0A]), at: 1)
        return files
    }

    /// Every element (children included), with the newest label correction covering all its
    /// strokes as its type; elements whose strokes are all ignored are left out.
    static func truth(for screen: ScreenRecognition, corrections: [Correction]) -> [Truth] {
        var ignored: [String: Bool] = [:]
        var labels: [(strokes: Set<String>, label: String)] = []
        for correction in corrections {
            switch correction.kind {
            case .ignore(let on): for id in correction.strokeIDs { ignored[id] = on }
            case .label(let label): labels.append((Set(correction.strokeIDs), label))
            default: break
            }
        }
        return screen.allElements.compactMap { element in
            let strokes = Set(element.strokeIds)
            if !strokes.isEmpty, strokes.allSatisfy({ ignored[$0] == true }) { return nil }
            let corrected = strokes.isEmpty ? nil : labels.last { strokes.isSubset(of: $0.strokes) && ElementType(rawValue: $0.label) != nil }
            let type = corrected.flatMap { ElementType(rawValue: $0.label) } ?? element.type
            return Truth(
                id: element.id, type: type.rawValue, classIndex: ElementType.allCases.firstIndex(of: type) ?? 0, frame: element.frame,
                strokeIds: element.strokeIds, text: element.text,
                textSource: element.text == nil ? nil : element.textConfidence == nil ? "typed" : "read", textConfidence: element.textConfidence,
                corrected: corrected != nil || element.corrected,
                recognizedType: element.type.rawValue)
        }
    }

    /// YOLO lines `class cx cy w h`, relative to the screen, boxes clipped to it.
    static func yoloLines(_ truths: [Truth], screen: Screen) -> String {
        truths.compactMap { truth -> String? in
            guard let box = truth.frame.intersection(Rect(x: 0, y: 0, width: screen.width, height: screen.height)), box.area > 0 else { return nil }
            let values = [box.midX / screen.width, box.midY / screen.height, box.width / screen.width, box.height / screen.height]
            return "\(truth.classIndex) " + values.map { String(format: "%.6f", $0) }.joined(separator: " ")
        }.map { $0 + "\n" }.joined()
    }
}
