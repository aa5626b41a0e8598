import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl evaluate-handwriting`: real handwriting (IAM-OnDB words and short phrases, a path
/// the user brings) read alone and recognised on phone screens.
struct EvaluateHandwritingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-handwriting",
        abstract:
            "Score reading real handwriting: IAM-OnDB words and phrases of writers never trained or tuned on, on phone screens.",
        discussion: """
            IAM-OnDB is not in the repository (its terms forbid it): pass the NDJSON lines file with --iam. \
            Writers are split by number (test: never trained or tuned on; validation: tunes the decoder \
            and calibrates the confidence). From each line one word or two (letters, digits, apostrophes) \
            are cut where the ink says clearly (IAMOnDBLine.words()), set at a label's size on a 390 x 844 screen, a third of \
            them inside a hand-drawn box (a button). Reports the reader alone, the whole pipeline, and a \
            reliability table of the reader's confidence against exact readings.
            """)

    @Option(help: "IAM-OnDB lines (lines.ndjson or .gz).") var iam: String
    @Option(
        help:
            "Which writers: test, validation, or train (the reader knows their ink: a look at the pipeline's rules alone)."
    )
    var part = "test"
    @Option(help: "Phrases per writer at most.") var perWriter = 20
    @Option(help: "Seed for the cuts, sizes and places.") var seed: UInt64 = 1
    @Option(help: "A reader model to use instead of the shipped one.") var model: String?
    @Option(help: "The DoodleUINet file (box drawings), plain or gzip.") var doodles = DatasetFile.vendoredDoodles
    @Option(help: "Tuning: the lexicon margin's constant and per-letter parts, as 2.0,0.7 (the default).")
    var lexiconMargin: String?
    @Flag(help: "List every phrase the pipeline got wrong.") var verbose = false
    @Option(
        help:
            "Write each phrase the pipeline got wrong as a canvas file into this folder, with index.json (never commit it: IAM-OnDB's terms)."
    )
    var dump: String?

    func run() throws {
        try reportingErrors {
            guard let part = IAMOnDBLine.Part(rawValue: self.part) else {
                throw CLIFailure("--part must be test, validation or train")
            }
            var reader = try ReaderOptions.reader(model: model)
            if let lexiconMargin { reader.lexiconMargin = try ReaderOptions.margin(lexiconMargin) }
            let lines = try IAMOnDBLine.load(URL(fileURLWithPath: iam), part: part)
            let phrases = WrittenPhrase.sample(lines, perWriter: perWriter, seed: seed)
            let squares = try DatasetFile.text(URL(fileURLWithPath: doodles)).split(separator: "\n")
                .map { try DoodleRecord.parse(line: $0) }
                .filter { $0.label == "square" && ValidationSplit.standard.isValidation($0.id) }.map(\.strokes)
            let composer = WordComposer(glyphs: [], boxes: squares)
            let evaluation = WordEvaluation(
                composer: composer, reader: reader,
                recognizer: Recognizer(classifier: LearnedClassifier(try StrokeClassifier.shipped()), reader: reader))
            var rng = SeededGenerator(seed: seed &+ 77)
            var outcomes: [WordEvaluation.Outcome] = []
            for phrase in phrases {
                let boxed = rng.chance(1.0 / 3)
                guard
                    let written = composer.place(
                        phrase.strokes, text: phrase.text, boxed: boxed, capHeight: phrase.capHeight, idPrefix: "s",
                        using: &rng)
                else { continue }
                outcomes.append(try evaluation.score(written, writer: phrase.writer))
            }
            if verbose {
                for o in outcomes
                where o.pipelineText?.lowercased() != o.expected.lowercased()
                    || o.pipelineType != (o.boxed ? "button" : "label")
                {
                    printOut(
                        "writer \(o.writer) '\(o.expected)'\(o.boxed ? " [box]" : ""): read '\(o.read ?? "-")' (\(String(format: "%.2f", o.confidence ?? 0))) pipeline '\(o.pipelineText ?? "-")' as \(o.pipelineType ?? "-")"
                    )
                }
            }
            if let dump {
                try OutcomeDump.write(
                    outcomes.filter {
                        $0.pipelineText?.lowercased() != $0.expected.lowercased()
                            || $0.pipelineType != ($0.boxed ? "button" : "label")
                    }, to: dump)
            }
            let read = outcomes.filter { $0.read != nil }
            printOut(
                try JSONText.encode(
                    Report(
                        part: part.rawValue, writers: Set(outcomes.map(\.writer)).count, all: .init(outcomes),
                        alone: .init(outcomes.filter { !$0.boxed }), boxed: .init(outcomes.filter(\.boxed)),
                        reliability: ConfidenceFit.reliability(
                            read.map { $0.confidence ?? 0 }, right: read.map { $0.read == $0.expected })), pretty: true)
            )
        }
    }

    struct Report: Encodable {
        let part: String
        let writers: Int
        let all: WordEvaluation.Summary
        let alone: WordEvaluation.Summary
        let boxed: WordEvaluation.Summary
        let reliability: [ConfidenceFit.Bin]
    }
}

/// The reader the evaluation commands use: the shipped one, or a model file.
enum ReaderOptions {
    static func reader(model: String?) throws -> HandwritingReader {
        guard let model else { return try HandwritingReader.shipped() }
        guard let bytes = FileManager.default.contents(atPath: model) else {
            throw CLIFailure("cannot read the model \(model)")
        }
        return try HandwritingReader.shipped(model: try InkReaderModel(bytes: Array(bytes)))
    }

    static func margin(_ text: String) throws -> (base: Double, perLetter: Double) {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2 else { throw CLIFailure("--lexicon-margin must look like 2.0,0.7") }
        return (parts[0], parts[1])
    }
}
