import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining

/// `sketchctl train`: rebuilds the shipped stroke classifier from the repository's data.
struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train the stroke classifier from DoodleUINet, synthetic primitives and optional corrections.",
        discussion: """
            Run from the repository root, in release mode: swift run -c release sketchctl train --out model.skcl. \
            Reports validation accuracy and the confusion matrix, then writes the model file to --out, \
            which sketchd --model and sketchctl recognize --model load. Corrections are the dataset exports of \
            consented sessions (sketchctl export --format dataset, as a folder or with --zip): the elements \
            people relabelled or confirmed are learned; the recognizer's uncorrected output only with \
            --include-uncorrected.
            """)

    @OptionGroup var dataset: DatasetOptions

    @Option(
        parsing: .upToNextOption,
        help: "Dataset exports of consented sessions (folders or zip files) to learn people's corrections from.")
    var corrections: [String] = []

    @Flag(help: "Learn from the recognizer's output that no person corrected or confirmed too.")
    var includeUncorrected = false

    @Option(
        help: "Where to write the model (to ship it, Sources/Recognize/Resources/\(StrokeClassifier.shippedModelName))."
    )
    var out: String

    @Option(help: "Training epochs.")
    var epochs = TrainingConfiguration().epochs

    @Option(help: "Hidden layer sizes, comma separated.")
    var hidden = TrainingConfiguration().hiddenSizes.map(String.init).joined(separator: ",")

    @Option(help: "Worker threads (the result does not depend on it).")
    var threads = 2

    func run() throws {
        try reportingErrors {
            let started = Date()
            var data = try dataset.load()
            if !corrections.isEmpty {
                let extra: [LabeledDrawing]
                do {
                    extra = try CorrectionDataset.load(paths: corrections, includeUncorrected: includeUncorrected) {
                        log("skipped \($0): not a correction file")
                    }
                } catch let error as CorrectionDataset.Unreadable {
                    throw CLIFailure("--corrections: \(error)")
                }
                guard !extra.isEmpty else {
                    throw CLIFailure(
                        "--corrections: no corrected or confirmed drawing found in \(corrections.joined(separator: ", ")) "
                            + "(dataset exports of consented sessions; --include-uncorrected also takes what no one corrected)"
                    )
                }
                log("corrections: \(extra.count) drawings")
                data.training += extra
            }
            log(
                "training \(data.training.count) drawings, held out \(data.doodleValidation.count) doodles + \(data.syntheticValidation.count) synthetic"
            )
            var config = TrainingConfiguration()
            config.epochs = epochs
            config.seed = dataset.seed
            config.threads = max(1, threads)
            config.hiddenSizes = try hidden.split(separator: ",").map {
                guard let n = Int($0.trimmingCharacters(in: .whitespaces)), n > 0, n <= 4096 else {
                    throw CLIFailure("--hidden must be positive integers, e.g. 256 or 256,128")
                }
                return n
            }
            let model = MLPTrainer(configuration: config, progress: log).train(data.training, heldOut: data.heldOut)
            let classifier = StrokeClassifier(model: model)
            printOut(ClassifierEvaluation.report(classifier, on: data, splitName: dataset.splitName))
            let bytes = ModelFile.encode(model)
            try Data(bytes).write(to: URL(fileURLWithPath: out))
            printOut(
                String(
                    format: "temperature %.3f, unknown threshold %.3f, %d bytes -> %@, %.1f s",
                    model.temperature, model.unknownThreshold, bytes.count, out, Date().timeIntervalSince(started)))
        }
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data("train: \(line)\n".utf8))
    }
}
