import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining

/// `sketchctl evaluate`: accuracy, per-class precision/recall and confusion on the validation
/// split; with `--against`, two models side by side there and on people's corrections.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score the classifier on the held-out DoodleUINet split and held-out synthetic primitives.",
        discussion: """
            With --against B, compares --model (the shipped one by default) with B class by class on the \
            validation fold and, given --corrections, on the corrected drawings of dataset exports: \
            the numbers to read before deploying a retrained model with sketchd --model.
            """)

    @OptionGroup var dataset: DatasetOptions
    @OptionGroup var model: ModelOption

    @Option(help: "A second classifier model file to compare with --model.")
    var against: String?

    @Option(
        parsing: .upToNextOption,
        help: "Dataset exports (folders or zip files) whose corrected drawings both models are scored on.")
    var corrections: [String] = []

    func run() throws {
        try reportingErrors {
            let classifier = try model.load()
            let data = try dataset.load()
            guard let against else {
                guard corrections.isEmpty else {
                    throw CLIFailure("--corrections compares two models: give --against too")
                }
                return printOut(ClassifierEvaluation.report(classifier, on: data, splitName: dataset.splitName))
            }
            let other = try StrokeClassifier(modelBytes: [UInt8](try readInputFile(against)))
            let names = (
                (model.model.map { ($0 as NSString).lastPathComponent }) ?? "shipped",
                (against as NSString).lastPathComponent
            )
            var sections = [
                ModelComparison.table(
                    ClassifierEvaluation.doodles(classifier, on: data.doodleValidation),
                    ClassifierEvaluation.doodles(other, on: data.doodleValidation),
                    names: names, title: "DoodleUINet validation (20 classes, \(dataset.splitName))")
            ]
            if !corrections.isEmpty {
                let drawings: [LabeledDrawing]
                do { drawings = try CorrectionDataset.load(paths: corrections) } catch let error
                    as CorrectionDataset.Unreadable
                {
                    throw CLIFailure("--corrections: \(error)")
                }
                guard !drawings.isEmpty else {
                    throw CLIFailure("--corrections: no corrected or confirmed drawing found")
                }
                sections.append(
                    ModelComparison.table(
                        ClassifierEvaluation.allClasses(classifier, on: drawings),
                        ClassifierEvaluation.allClasses(other, on: drawings),
                        names: names, title: "Corrections (what people relabelled or confirmed)"))
            }
            printOut(sections.joined(separator: "\n"))
        }
    }
}
