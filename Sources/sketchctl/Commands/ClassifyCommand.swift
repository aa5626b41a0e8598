import ArgumentParser
import Foundation
import RecognizeTraining

/// `sketchctl classify`: one DoodleUINet class per drawing of an NDJSON file.
struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Classify each drawing of a DoodleUINet NDJSON file as one of the 20 DoodleUINet classes.",
        discussion: """
            Prints one JSON line per non-blank input line, in order: {"confidence", "id", "label"}. \
            A malformed line prints {"error", "id", "line"} in its place and a one-line message on \
            stderr; the remaining lines are still classified and the exit code is 1.
            """)

    @Argument(
        help: "The NDJSON file, plain or gzip ({\"id\", \"label\"?, \"strokes\": [[[x...], [y...]], ...]} per line).")
    var file: String

    @OptionGroup var model: ModelOption

    func run() throws {
        try reportingErrors {
            let classifier = try model.load()
            let text = try DatasetFile.text(URL(fileURLWithPath: file))
            let result = DoodleBatchClassification.run(ndjson: text, classifier: classifier)
            FileHandle.standardOutput.write(Data(result.lines.map { $0 + "\n" }.joined().utf8))
            for message in result.errors {
                FileHandle.standardError.write(Data("sketchctl: \(message)\n".utf8))
            }
            if !result.errors.isEmpty { throw ExitCode(1) }
        }
    }
}
