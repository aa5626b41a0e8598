/// Scores a classifier on held-out drawings the way the product is measured.
public enum ClassifierEvaluation {
    /// DoodleUINet drawings: the answer is restricted to the twenty DoodleUINet classes and no
    /// frame is given, exactly like `sketchctl classify`.
    public static func doodles(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing], threads: Int = 2) -> EvaluationReport {
        var report = EvaluationReport(classes: PrimitiveClass.doodleClasses)
        let predictions = Parallel.map(drawings.count, threads: threads) { i in
            classifier.classify(points: drawings[i].strokes, frame: nil).best(among: PrimitiveClass.doodleClasses)?.label
        }
        for (drawing, predicted) in zip(drawings, predictions) {
            if let predicted { report.record(truth: drawing.label, predicted: predicted) }
        }
        return report
    }

    /// Any drawings over every class, with their frames when known.
    public static func allClasses(_ classifier: StrokeClassifier, on drawings: [LabeledDrawing], threads: Int = 2) -> EvaluationReport {
        var report = EvaluationReport(classes: classifier.model.classes)
        let predictions = Parallel.map(drawings.count, threads: threads) { i in
            classifier.classify(points: drawings[i].strokes, frame: drawings[i].frameTuple).best.label
        }
        for (drawing, predicted) in zip(drawings, predictions) { report.record(truth: drawing.label, predicted: predicted) }
        return report
    }
}
