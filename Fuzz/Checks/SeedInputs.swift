import Foundation
import Recognize
import StrokeLog

/// Valid inputs each fuzz target starts from, so mutations begin inside the format: every
/// event kind, canvas files with every point form, and a small but complete model file.
public enum SeedInputs {
    /// The seeds of `target`.
    public static func of(_ target: FuzzTarget) -> [[UInt8]] {
        switch target {
        case .eventCodec: events.map { $0.binaryEncoded() }
        case .canvasFile: canvases.map { Array($0.utf8) }
        case .modelFile: [ModelFile.encode(smallModel)]
        }
    }

    private static let stroke = Stroke(
        id: "s1", points: [StrokePoint(x: 10, y: 20, t: 0, pressure: 0.5), StrokePoint(x: 14.125, y: 22, t: 16, pressure: 0.75),
                           StrokePoint(x: 30, y: 21.5, t: 40)],
        color: "#1f6feb", width: 2.5, screen: "main")

    private static let events: [EventPayload] = [
        .strokeAdded(stroke),
        .strokesErased(strokeIDs: ["s1", "s2"]),
        .undo,
        .redo,
        .labelCorrected(strokeIDs: ["s1"], label: "button"),
        .strokesMerged(strokeIDs: ["s1", "s2", "s3"]),
        .strokesSplit(strokeIDs: ["s4"]),
        .strokesIgnored(strokeIDs: ["s5"], ignored: true),
        .textSet(strokeIDs: ["s1"], text: "Log in ✓"),
        .screenAdded(Screen(id: "second", name: "Settings", width: 430, height: 932)),
        .screenRenamed(screenID: "main", name: "Login"),
        .metadataSet(MetadataChange(
            title: "Demo", trainingConsent: true,
            theme: Theme(accent: "#1f6feb", background: "#ffffff", cornerRadius: 12, typeScale: 1.25))),
        .metadataSet(MetadataChange(trainingConsent: false)),
        .recognitionRun(model: "stroke-classifier-2", sawSeq: 42),
        .strokesMoved(strokeIDs: ["s1", "s2"], dx: -12.5, dy: 40.125),
    ]

    private static let canvases = [
        ##"{"canvas": {"width": 390, "height": 844}, "strokes": []}"##,
        ##"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "s1", "points": [[10, 10], [100, 10]]}, {"id": "s2", "points": [[10, 50, 0], [100, 50, 16]], "color": "#1f6feb", "width": 2.5}]}"##,
        ##"{"canvas": {"width": 430, "height": 932}, "strokes": [{"id": "a.b:c-1", "points": [[0, 0, 0, 0.5], [429.875, 931.5, 120, 1]]}]}"##,
    ]

    private static var smallModel: MLPModel {
        let inputs = FeatureSpec.count
        let weights = (0..<(inputs * 2)).map { Float(($0 % 7) - 3) / 64 }
        return MLPModel(
            classes: [.square, .squiggle], featureMean: [Float](repeating: 0, count: inputs),
            featureScale: [Float](repeating: 1, count: inputs),
            layers: [DenseLayer(inputCount: inputs, outputCount: 2, weights: weights, bias: [0.25, -0.25])],
            temperature: 1.5, unknownThreshold: 0.4)
    }
}
