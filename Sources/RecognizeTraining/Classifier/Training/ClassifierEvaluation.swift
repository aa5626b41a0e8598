import Foundation
import Recognize
import SessionModel

/// Scores a classifier on held-out drawings the way the product is measured.
public enum ClassifierEvaluation {
    /// DoodleUINet drawings: the answer is restricted to the twenty DoodleUINet classes and no
    /// frame is given, exactly like `sketchctl classify`.
    public static func doodles(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing], threads: Int = 2)
        -> EvaluationReport
    {
        var report = EvaluationReport(classes: PrimitiveClass.doodleClasses)
        let predictions = Parallel.map(drawings.count, threads: threads) { i in
            classifier.classify(points: drawings[i].strokes, frame: nil).best(among: PrimitiveClass.doodleClasses)?
                .label
        }
        for (drawing, predicted) in zip(drawings, predictions) {
            if let predicted { report.record(truth: drawing.label, predicted: predicted) }
        }
        return report
    }

    /// Any drawings over every class, with their frames when known.
    public static func allClasses(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing], threads: Int = 2)
        -> EvaluationReport
    {
        var report = EvaluationReport(classes: classifier.model.classes)
        let predictions = Parallel.map(drawings.count, threads: threads) { i in
            classifier.classify(points: drawings[i].strokes, frame: drawings[i].frameTuple).best.label
        }
        for (drawing, predicted) in zip(drawings, predictions) {
            report.record(truth: drawing.label, predicted: predicted)
        }
        return report
    }
}

extension ClassifierEvaluation {
    /// Expected calibration error over labelled drawings (10 equal-width confidence bins), and how
    /// the unknown rule behaves: the share of labelled drawings it rejects, the accuracy on the
    /// ones it accepts, and the share of clutter (label nil) it rejects.
    public static func calibration(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing], threads: Int = 2)
        -> (expectedCalibrationError: Double, rejected: Double, acceptedAccuracy: Double, clutterRejected: Double)
    {
        let answers = Parallel.map(drawings.count, threads: threads) { i in
            classifier.classify(points: drawings[i].strokes, frame: drawings[i].frameTuple)
        }
        var binCount = [Int](repeating: 0, count: 10)
        var binConfidence = [Double](repeating: 0, count: 10)
        var binCorrect = [Int](repeating: 0, count: 10)
        var labelled = 0
        var rejected = 0
        var accepted = 0
        var acceptedCorrect = 0
        var clutter = 0
        var clutterRejected = 0
        for (drawing, answer) in zip(drawings, answers) {
            guard drawing.label != nil else {
                clutter += 1
                clutterRejected += answer.isUnknown ? 1 : 0
                continue
            }
            labelled += 1
            let correct = answer.best.label == drawing.label
            let bin = min(9, Int(answer.best.probability * 10))
            binCount[bin] += 1
            binConfidence[bin] += answer.best.probability
            binCorrect[bin] += correct ? 1 : 0
            if answer.isUnknown {
                rejected += 1
            } else {
                accepted += 1
                acceptedCorrect += correct ? 1 : 0
            }
        }
        let n = Double(max(labelled, 1))
        let ece = (0..<10).reduce(0.0) { sum, b in
            binCount[b] == 0 ? sum : sum + abs(binConfidence[b] - Double(binCorrect[b])) / n
        }
        return (
            ece, Double(rejected) / n, accepted > 0 ? Double(acceptedCorrect) / Double(accepted) : 0,
            clutter > 0 ? Double(clutterRejected) / Double(clutter) : 0
        )
    }

    /// One line summarising ``calibration(_:on:threads:)``.
    public static func calibrationSummary(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing]) -> String {
        let c = calibration(classifier, on: drawings)
        return String(
            format:
                "calibration: ECE %.4f (temperature %.3f); unknown (none output, or top below %.2f) rejects %.2f%% of labelled drawings, accuracy on accepted %.2f%%, rejects %.2f%% of held-out clutter",
            c.expectedCalibrationError, classifier.model.temperature, classifier.model.unknownThreshold,
            c.rejected * 100, c.acceptedAccuracy * 100, c.clutterRejected * 100)
    }
}

extension ClassifierEvaluation {
    /// The full text report printed by `sketchctl train` and `sketchctl evaluate`.
    public static func report(_ classifier: StrokeClassifier, on data: TrainingData, splitName: String) -> String {
        [
            doodles(classifier, on: data.doodleValidation).formatted(
                title: "DoodleUINet validation (20 classes, \(splitName))"),
            allClasses(classifier, on: data.heldOut).formatted(
                title: "All classes (doodles without frame + synthetic primitives with frame)"),
            calibrationSummary(classifier, on: data.heldOut),
        ].joined(separator: "\n")
    }
}
