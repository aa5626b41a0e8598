import ArgumentParser
import Foundation
import Recognize

/// `--model PATH`: a classifier model file (`sketchctl train --out`) instead of the shipped one.
struct ModelOption: ParsableArguments {
    @Option(help: "A classifier model file (default: the model shipped in the Recognize module).")
    var model: String?

    func load() throws -> StrokeClassifier {
        guard let model else { return try StrokeClassifier.shipped() }
        return try StrokeClassifier(modelBytes: [UInt8](try readInputFile(model)))
    }

    /// A recognizer with this classifier and the shipped handwriting reader.
    func recognizer() throws -> Recognizer {
        do { return try Recognizer.loading(RecognizerModels(classifier: model)) } catch let error as ModelLoadError {
            throw CLIFailure("--model \(error)")
        }
    }
}
