import ArgumentParser
import Foundation
import Recognize

/// `--model PATH`: a classifier model file instead of the shipped one.
struct ModelOption: ParsableArguments {
    @Option(help: "A classifier model file (default: the model shipped in the Recognize module).")
    var model: String?

    func load() throws -> StrokeClassifier {
        guard let model else { return try StrokeClassifier.shipped() }
        return try StrokeClassifier(modelBytes: [UInt8](try readInputFile(model)))
    }
}
