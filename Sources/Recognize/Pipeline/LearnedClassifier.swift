import SessionModel
import SketchModel

/// The shipped learned model (``StrokeClassifier``) seen through ``GroupClassifying``.
public struct LearnedClassifier: GroupClassifying {
    /// The model.
    public let model: StrokeClassifier

    /// Wraps a loaded model.
    public init(_ model: StrokeClassifier) { self.model = model }

    public func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel {
        let answer = model.classify(strokes, frame: (frame.width, frame.height))
        return GroupLabel(
            ranked: answer.ranked.map { LabelScore(label: $0.label.rawValue, probability: $0.probability) },
            isUnknown: answer.isUnknown)
    }
}

extension Recognizer {
    /// Loads the shipped models and lexicon from the module's resources (no download).
    /// - Throws: ``ModelFileError`` when a resource is missing or invalid.
    public static func shipped() throws -> Recognizer {
        Recognizer(
            classifier: LearnedClassifier(try StrokeClassifier.shipped()), reader: try HandwritingReader.shipped())
    }
}
