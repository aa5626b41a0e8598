import Foundation
import RecognizeTraining
import StrokeLog

/// Writes scored words as canvas files (`sketchctl recognize` reads them) with an index.json of
/// their outcomes, for a closer look at what the pipeline made of them.
enum OutcomeDump {
    static func write(_ outcomes: [WordEvaluation.Outcome], to dump: String) throws {
        try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
        var index: [String: WordEvaluation.Outcome] = [:]
        for (n, o) in outcomes.enumerated() {
            let canvas = CanvasFile(
                canvas: .init(width: 390, height: 844), strokes: o.strokes.map { .init(id: $0.id, points: $0.points) })
            let name = "\(n)-w\(o.writer)-\(o.expected.replacingOccurrences(of: " ", with: "_")).json"
            try CanonicalJSON.encode(canvas).write(to: URL(fileURLWithPath: dump).appendingPathComponent(name))
            index[name] = o
        }
        try Data(try JSONText.encode(index, pretty: true).utf8).write(
            to: URL(fileURLWithPath: dump).appendingPathComponent("index.json"))
    }
}
