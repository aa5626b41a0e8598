import Foundation
import SessionModel
import SketchModel

/// The `dataset` export: training data for the recognizer (layout in docs/design/exporter.md,
/// "Dataset export"). Each element says what the recognizer said on its own, what people made of
/// it, and so whether it is a truth a person vouched for or only the recognizer's output.
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

    /// What the recognizer said of an element's strokes before anyone corrected it.
    struct Recognized: Codable, Hashable {
        var type: String
        var symbol: String?
        var text: String?
        var confidence: Double
    }

    /// Whether a person vouched for an element's type and text.
    enum Source: String, Codable, Hashable {
        /// A person changed what the recognizer said (type or text).
        case corrected
        /// A person set the type or text the recognizer had said.
        case confirmed
        /// No person looked at it: the recognizer's output, not a truth.
        case uncorrected
    }

    /// One labelled box.
    struct Truth: Codable, Hashable {
        var id: String
        /// The type: a person's label correction if any, else the recognised type.
        var type: String
        /// Index into `classes`.
        var classIndex: Int
        var frame: Rect
        var strokeIds: [String]
        /// An icon's SF Symbol.
        var symbol: String?
        var text: String?
        /// Where `text` came from: `typed` (a person's correction, which is the truth for the
        /// strokes it names: a labelled example of their handwriting when the reader had read
        /// it) or `read` (the handwriting reader's, with `textConfidence`); nil without text.
        var textSource: String?
        var textConfidence: Double?
        /// Whether the type or text was set by a person.
        var corrected: Bool
        /// The recognizer's own type for these strokes (before corrections), for error analysis.
        var recognizedType: String
        /// The recognizer's own answer for these strokes; nil when it made no element of them.
        var recognized: Recognized?
        var source: Source
    }

    static let classes = ElementType.allCases.map(\.rawValue)

    /// The dataset of `recognition` (with people's corrections); `uncorrected` is the recognizer's
    /// own answer for the same strokes.
    static func files(state: SessionState, recognition: SessionRecognition, uncorrected: SessionRecognition) throws
        -> [ExportFile]
    {
        var files: [ExportFile] = [ExportFile(path: "classes.txt", text: classes.joined(separator: "\n") + "\n")]
        var entries: [ScreenEntry] = []
        var usedNames: Set<String> = []
        for screen in recognition.screens {
            var stem = ExportPath.safeName(screen.screen.id, fallback: "screen")
            if !usedNames.insert(stem).inserted {
                stem += "-\(entries.count + 1)"
                usedNames.insert(stem)
            }
            let strokes = state.liveStrokes(onScreen: screen.screen.id)
            let corrections = state.corrections(onScreen: screen.screen.id)
            let own = uncorrected.screens.first { $0.screen.id == screen.screen.id }?.allElements ?? []
            let truths = truth(for: screen, corrections: corrections, recognizerSaid: own)
            let image = try PNGCodec.encode(SketchRenderer(screen: screen.screen, strokes: strokes, scale: 1).render())
            let record = ScreenRecord(
                screen: screen.screen,
                strokes: strokes.map {
                    StrokeRecord(
                        id: $0.id, color: $0.color, width: $0.width, points: $0.points.map { [$0.x, $0.y, $0.t] })
                },
                elements: truths, corrections: corrections)
            let entry = ScreenEntry(
                id: screen.screen.id, name: screen.screen.name, width: screen.screen.width,
                height: screen.screen.height,
                image: "images/\(stem).png", labels: "labels/\(stem).txt", strokes: "strokes/\(stem).json")
            files.append(ExportFile(path: entry.image, data: image))
            files.append(ExportFile(path: entry.labels, text: yoloLines(truths, screen: screen.screen)))
            files.append(ExportFile(path: entry.strokes, data: Array(try DeterministicJSON.encode(record)) + [0x0A]))
            entries.append(entry)
        }
        let manifest = Manifest(title: recognition.title, seq: recognition.seq, classes: classes, screens: entries)
        files.insert(
            ExportFile(path: "dataset.json", data: Array(try DeterministicJSON.encode(manifest)) + [0x0A]), at: 1)
        return files
    }

    /// Every element (children included), with the newest label correction covering all its
    /// strokes as its type, and the element of `recognizerSaid` made of the same strokes (or most
    /// of them) as what the recognizer said; elements whose strokes are all ignored are left out.
    static func truth(for screen: ScreenRecognition, corrections: [Correction], recognizerSaid: [Element]) -> [Truth] {
        var ignored: [String: Bool] = [:]
        var labels: [(strokes: Set<String>, label: String)] = []
        var texts: [(strokes: Set<String>, text: String)] = []
        for correction in corrections {
            switch correction.kind {
            case .ignore(let on): for id in correction.strokeIDs { ignored[id] = on }
            case .label(let label): labels.append((Set(correction.strokeIDs), label))
            case .text(let text): texts.append((Set(correction.strokeIDs), text))
            default: break
            }
        }
        return screen.allElements.compactMap { element in
            let strokes = Set(element.strokeIds)
            if !strokes.isEmpty, strokes.allSatisfy({ ignored[$0] == true }) { return nil }
            let relabel =
                strokes.isEmpty
                ? nil : labels.last { strokes.isSubset(of: $0.strokes) && ElementType(rawValue: $0.label) != nil }
            let retext = strokes.isEmpty ? nil : texts.last { !$0.strokes.isDisjoint(with: strokes) }
            let type = relabel.flatMap { ElementType(rawValue: $0.label) } ?? element.type
            let said = counterpart(of: strokes, in: recognizerSaid).map {
                Recognized(type: $0.type.rawValue, symbol: $0.symbol, text: $0.text, confidence: $0.confidence)
            }
            let personTouched = relabel != nil || retext != nil || element.corrected
            let agrees = said.map { $0.type == type.rawValue && (retext == nil || $0.text == element.text) } ?? false
            return Truth(
                id: element.id, type: type.rawValue, classIndex: ElementType.allCases.firstIndex(of: type) ?? 0,
                frame: element.frame,
                strokeIds: element.strokeIds, symbol: element.symbol, text: element.text,
                textSource: element.text == nil ? nil : element.textConfidence == nil ? "typed" : "read",
                textConfidence: element.textConfidence,
                corrected: personTouched, recognizedType: said?.type ?? element.type.rawValue, recognized: said,
                source: !personTouched ? .uncorrected : agrees ? .confirmed : .corrected)
        }
    }

    /// The element of `elements` made of exactly `strokes`, else the one sharing most of them
    /// (over half of both), else nil.
    static func counterpart(of strokes: Set<String>, in elements: [Element]) -> Element? {
        guard !strokes.isEmpty else { return nil }
        if let same = elements.first(where: { Set($0.strokeIds) == strokes }) { return same }
        let scored = elements.map { element -> (Element, Int) in
            (element, strokes.intersection(element.strokeIds).count)
        }
        guard let best = scored.max(by: { $0.1 < $1.1 }), 2 * best.1 > strokes.count,
            2 * best.1 > best.0.strokeIds.count
        else { return nil }
        return best.0
    }

    /// YOLO lines `class cx cy w h`, relative to the screen, boxes clipped to it.
    static func yoloLines(_ truths: [Truth], screen: Screen) -> String {
        truths.compactMap { truth -> String? in
            guard let box = truth.frame.intersection(Rect(x: 0, y: 0, width: screen.width, height: screen.height)),
                box.area > 0
            else { return nil }
            let values = [
                box.midX / screen.width, box.midY / screen.height, box.width / screen.width, box.height / screen.height,
            ]
            return "\(truth.classIndex) " + values.map { String(format: "%.6f", $0) }.joined(separator: " ")
        }.map { $0 + "\n" }.joined()
    }
}
