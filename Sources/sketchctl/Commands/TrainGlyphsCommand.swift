import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining

/// `sketchctl train-glyphs`: rebuilds the shipped handwriting (glyph) classifier.
struct TrainGlyphsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train-glyphs",
        abstract: "Train the handwritten-character classifier from the vendored Chars74k pen trajectories.",
        discussion: """
            Run from the repository root, in release mode: swift run -c release sketchctl train-glyphs. \
            Writers 1-28 train, 29-31 calibrate, 32-35 are never used here (evaluate-words measures on them). \
            DoodleUINet drawings, drawn boxes and lines, and pairs of letters are the "none" examples.
            """)

    @Option(help: "The Chars74k file, plain or gzip.") var glyphs = Chars74k.vendored
    @Option(help: "The DoodleUINet file, plain or gzip.") var doodles = DatasetFile.vendoredDoodles
    @Option(help: "Where to write the model.") var out = "Sources/Recognize/Resources/\(GlyphClassifier.shippedModelName)"
    @Option(help: "English words, one a line, plain or gzip, for the letter table.") var words = "data/english-words/words.txt.gz"
    @Option(help: "Where to write the letter table.") var bigramsOut = "Sources/Recognize/Resources/\(LetterBigrams.shippedName)"
    @Option(help: "Training epochs.") var epochs = GlyphTrainer.shippedConfiguration.epochs
    @Option(help: "Worker threads (the result does not depend on it).") var threads = 2
    @Option(help: "Hidden layer sizes, comma separated.") var hidden = GlyphTrainer.shippedConfiguration.hiddenSizes.map(String.init).joined(separator: ",")
    @Option(help: "Seed for initialisation, shuffling and jitter.") var seed = GlyphTrainer.shippedConfiguration.seed

    func run() throws {
        try reportingErrors {
            let started = Date()
            let samples = try Chars74k.load(URL(fileURLWithPath: glyphs))
            let records = try DatasetFile.text(URL(fileURLWithPath: doodles)).split(separator: "\n").map { try DoodleRecord.parse(line: $0) }
            let data = GlyphTrainingData(glyphs: samples, doodles: records, split: .standard)
            log("training \(data.training.count) examples, calibrating on \(data.validation.count)")
            var config = GlyphTrainer.shippedConfiguration
            config.epochs = epochs
            config.threads = max(1, threads)
            config.seed = seed
            config.hiddenSizes = try hidden.split(separator: ",").map {
                guard let n = Int($0.trimmingCharacters(in: .whitespaces)), n > 0, n <= 4096 else {
                    throw CLIFailure("--hidden must be positive integers, e.g. 256 or 256,128")
                }
                return n
            }
            let model = GlyphTrainer(configuration: config, progress: log).train(data)
            let classifier = GlyphClassifier(model: model)
            let held = data.validation.filter { $0.glyph != nil }
            let answers = held.map { sample -> (read: Character, truth: Character) in
                let p = classifier.read(sample.strokes).probabilities
                return (model.glyphs[p.indices.max { p[$0] < p[$1] }!], sample.glyph!)
            }
            let correct = answers.filter { $0.read == $0.truth }.count
            let blind = answers.filter { $0.read.lowercased() == $0.truth.lowercased() }.count
            let bigrams = LetterBigrams(words: try DatasetFile.text(URL(fileURLWithPath: words)).split(separator: "\n"))
            try bigrams.text.write(toFile: bigramsOut, atomically: true, encoding: .utf8)
            let bytes = model.encoded()
            try Data(bytes).write(to: URL(fileURLWithPath: out))
            printOut(String(format: "validation writers: %.3f exact, %.3f case-blind (%d characters); temperature %.3f; %d bytes -> %@, %.1f s",
                            Double(correct) / Double(max(held.count, 1)), Double(blind) / Double(max(held.count, 1)), held.count,
                            model.network.temperature, bytes.count, out, Date().timeIntervalSince(started)))
        }
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data("train-glyphs: \(line)\n".utf8))
    }
}
