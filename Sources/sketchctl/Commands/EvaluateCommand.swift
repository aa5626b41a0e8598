import ArgumentParser
import Foundation
import Recognize

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
            let doodles = ClassifierEvaluation.doodles(classifier, on: data.doodleValidation)
            printOut(doodles.formatted(title: "DoodleUINet validation (20 classes, fold \(dataset.validationFold)/\(dataset.folds))"))
            let all = ClassifierEvaluation.allClasses(classifier, on: data.heldOut)
            printOut(all.formatted(title: "All classes (doodles without frame + synthetic primitives with frame)"))
        }
    }
}
