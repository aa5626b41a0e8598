import Foundation
import SketchModel
import StrokeLog

@testable import Recognize

/// Draws clean test strokes and remembers what the test classifier should call each one.
struct Sketch {
    private(set) var strokes: [Stroke] = []
    private(set) var labels: [String: String] = [:]
    /// Labels for whole groups (box plus contents), keyed by sorted stroke ids.
    private(set) var wholeLabels: [String: String] = [:]
    /// The clock; each stroke takes 100 ms and strokes start 1 s apart unless `quick`.
    var clock = 1000.0
    var color = Stroke.defaultColor

    private mutating func add(_ id: String, _ label: String, _ path: [(Double, Double)], quick: Bool = false) {
        clock += quick ? 150 : 1000
        let start = clock
        let points = Self.polyline(path, every: 4)
        let timed = points.enumerated().map { i, p in
            StrokePoint(
                x: (p.x * 8).rounded() / 8, y: (p.y * 8).rounded() / 8,
                t: (start + Double(i) * 100 / Double(points.count)).rounded())
        }
        strokes.append(Stroke(id: id, points: timed, color: color))
        labels[id] = label
        clock = start + 100
    }

    /// Points along `path`, about `spacing` apart, untimed.
    static func polyline(_ path: [(Double, Double)], every spacing: Double) -> [StrokePoint] {
        var points: [StrokePoint] = []
        for (a, b) in zip(path, path.dropFirst()) {
            let steps = max(1, Int(hypot(b.0 - a.0, b.1 - a.1) / spacing))
            for s in 0..<steps {
                let f = Double(s) / Double(steps)
                points.append(StrokePoint(x: a.0 + (b.0 - a.0) * f, y: a.1 + (b.1 - a.1) * f, t: 0))
            }
        }
        points.append(StrokePoint(x: path.last!.0, y: path.last!.1, t: 0))
        return points
    }

    mutating func rect(
        _ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, label: String = "rectangle",
        quick: Bool = false
    ) {
        add(id, label, [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)], quick: quick)
    }

    mutating func squiggle(
        _ id: String, _ x: Double, _ y: Double, _ w: Double, height: Double = 10, quick: Bool = false
    ) {
        let n = Int(w / 4)
        add(
            id, "squiggle",
            (0...n).map { k in (x + Double(k) * w / Double(n), y + height / 2 + (k % 2 == 0 ? -height / 2 : height / 2))
            }, quick: quick)
    }

    mutating func line(
        _ id: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, label: String? = nil, quick: Bool = false
    ) {
        add(
            id, label ?? (abs(x1 - x0) >= abs(y1 - y0) ? "horizontalLine" : "verticalLine"), [(x0, y0), (x1, y1)],
            quick: quick)
    }

    /// A free path the test classifier names `label`.
    mutating func path(_ id: String, _ points: [(Double, Double)], label: String, quick: Bool = false) {
        add(id, label, points, quick: quick)
    }

    mutating func circle(
        _ id: String, _ cx: Double, _ cy: Double, _ r: Double, label: String = "circle", quick: Bool = false
    ) {
        add(
            id, label,
            (0...24).map { k in (cx + r * cos(Double(k) / 24 * 2 * .pi), cy + r * sin(Double(k) / 24 * 2 * .pi)) },
            quick: quick)
    }

    /// A pictogram the test classifier names `label` (drawn as a small zig-zag in the box).
    mutating func icon(
        _ id: String, _ label: String, _ cx: Double, _ cy: Double, size: Double = 24, quick: Bool = false
    ) {
        let h = size / 2
        add(id, label, [(cx - h, cy - h), (cx + h, cy - h / 3), (cx - h, cy + h / 3), (cx + h, cy + h)], quick: quick)
    }

    /// Says what the test classifier answers for the group of `ids` as a whole.
    mutating func whole(_ ids: [String], _ label: String) { wholeLabels[ids.sorted().joined(separator: ",")] = label }

    /// A recognizer whose classifier answers from this sketch's labels.
    var recognizer: Recognizer { Recognizer(classifier: classifier) }

    /// The test classifier for this sketch.
    var classifier: TableClassifier { TableClassifier(labels: labels, wholeLabels: wholeLabels, strokes: strokes) }

    func recognize(_ corrections: [Correction] = [], screen: Screen = .main) throws -> ScreenRecognition {
        try recognizer.recognize(screen: screen, strokes: strokes, corrections: corrections)
    }

    /// Makes the classifier unable to name stroke `id` (as it is for a drawing unlike any it knows).
    mutating func unnamed(_ id: String) { labels[id] = nil }

    /// The types of the root elements recognised on a sketch drawn by `draw`.
    static func rootTypes(_ draw: (inout Sketch) -> Void) throws -> [ElementType] {
        var s = Sketch()
        draw(&s)
        return try s.recognize().elements.map(\.type)
    }
}

/// A classifier that answers from a table: the label of the group's first stroke, or a whole-group
/// label when the test gave one. Lets composition be tested on already-classified groups.
struct TableClassifier: GroupClassifying {
    let labels: [String: String]
    let wholeLabels: [String: String]
    /// Maps point sequences back to stroke ids (points identify strokes in these tests).
    let ids: [[StrokePoint]: String]

    init(labels: [String: String], wholeLabels: [String: String], strokes: [Stroke]) {
        self.labels = labels
        self.wholeLabels = wholeLabels
        ids = Dictionary(strokes.map { ($0.points, $0.id) }, uniquingKeysWith: { a, _ in a })
    }

    func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel {
        let strokeIDs = strokes.map { ids[$0] ?? "?" }
        if let whole = wholeLabels[strokeIDs.sorted().joined(separator: ",")] {
            return GroupLabel(ranked: [LabelScore(label: whole, probability: 0.9)])
        }
        guard let label = labels[strokeIDs[0]] else { return GroupLabel(ranked: [], isUnknown: true) }
        return GroupLabel(ranked: [
            LabelScore(label: label, probability: 0.9), LabelScore(label: "square", probability: 0.05),
        ])
    }
}
