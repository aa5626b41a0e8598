import ArgumentParser
import Foundation
import RecognizeTraining

/// `sketchctl evaluate`: accuracy, per-class precision/recall and confusion on the validation split.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score the classifier on the held-out DoodleUINet split and held-out synthetic primitives.")

    @OptionGroup var dataset: DatasetOptions
    @OptionGroup var model: ModelOption

    func run() throws {
        try reportingErrors {
            let classifier = try model.load()
            let data = try dataset.load()
            printOut(ClassifierEvaluation.report(classifier, on: data, splitName: dataset.splitName))
        }
    }
}
