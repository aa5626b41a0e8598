import ArgumentParser
import Foundation
import RecognizeTraining

/// Where the DoodleUINet data and the validation split come from.
struct DatasetOptions: ParsableArguments {
    @Option(
        help:
            "DoodleUINet NDJSON training file, plain or gzip (the vendored copy, from the repository's root, by default)."
    )
    var data = DatasetFile.vendoredDoodles

    @Option(help: "Number of hash folds; one is held out for validation.")
    var folds = 5

    @Option(help: "The held-out fold (0-based).")
    var validationFold = 0

    @Option(help: "Seed for synthetic primitives, augmentation and initialisation.")
    var seed: UInt64 = 1

    @Option(help: "Synthetic drawings per primitive class for training (a quarter as many are held out).")
    var syntheticPerClass = 500

    /// How reports name the split.
    var splitName: String { "fold \(validationFold) of \(folds) by id hash" }

    func split() throws -> ValidationSplit {
        guard folds >= 2, (0..<folds).contains(validationFold) else {
            throw CLIFailure("--validation-fold must be in 0..<--folds and --folds at least 2")
        }
        return ValidationSplit(foldCount: folds, validationFold: validationFold)
    }

    /// DoodleUINet split plus synthetic primitives.
    func load() throws -> TrainingData {
        let text = try DatasetFile.text(URL(fileURLWithPath: data))
        var set = TrainingData()
        try set.addDoodles(try DoodleRecord.parseAll(text), split: try split())
        set.addSynthetic(
            trainingPerClass: syntheticPerClass, validationPerClass: max(1, syntheticPerClass / 4), seed: seed)
        return set
    }
}
