import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl evaluate-words`: handwriting accuracy on words written by held-out writers.
struct EvaluateWordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-words",
        abstract:
            "Score reading handwritten words (and their element type on a screen) on Chars74k writers held out from training.",
        discussion: """
            Each word is composed from one writer's characters (WordComposer: size, spacing, baseline and \
            case proportions drawn at random), alone (should be a label) or in a hand-drawn box (a button), \
            then read by the reader alone and recognised on a screen. Writers 32-35 by default (never \
            trained or tuned on); --writers 29-31 gives the tuning writers.
            """)

    @Option(help: "The Chars74k file, plain or gzip.") var glyphs = Chars74k.vendored
    @Option(help: "The DoodleUINet file (box drawings), plain or gzip.") var doodles = DatasetFile.vendoredDoodles
    @Option(help: "Writers to write with, as a range such as 32-35.") var writers = "32-35"
    @Option(help: "Seed for the placements.") var seed: UInt64 = 1
    @Option(help: "Passes over the word list per writer.") var passes = 2
    @Flag(help: "List every word that was read wrong.") var verbose = false
    @Option(help: "Tuning: the lexicon margin's constant and per-letter parts, as 2.0,0.7 (the default).")
    var lexiconMargin: String?
    @Option(help: "Write each word the pipeline got wrong as a canvas file into this folder, with index.json.")
    var dump: String?
    @Flag(help: "With --dump: write every word, not only the wrong ones.") var dumpAll = false

    func run() throws {
        try reportingErrors {
            let bounds = writers.split(separator: "-").compactMap { Int($0) }
            guard bounds.count == 2, bounds[0] <= bounds[1] else { throw CLIFailure("--writers must look like 32-35") }
            guard (1...20).contains(passes) else { throw CLIFailure("--passes must be in 1...20") }
            let samples = try Chars74k.load(URL(fileURLWithPath: glyphs)).filter {
                (bounds[0]...bounds[1]).contains($0.writer)
            }
            let squares = try DatasetFile.text(URL(fileURLWithPath: doodles)).split(separator: "\n")
                .map { try DoodleRecord.parse(line: $0) }
                .filter { $0.label == "square" && ValidationSplit.standard.isValidation($0.id) }.map(\.strokes)
            var reader = try HandwritingReader.shipped()
            if let lexiconMargin {
                let parts = lexiconMargin.split(separator: ",").compactMap { Double($0) }
                guard parts.count == 2 else { throw CLIFailure("--lexicon-margin must look like 2.0,0.7") }
                reader.lexiconMargin = (parts[0], parts[1])
            }
            let evaluation = WordEvaluation(
                composer: WordComposer(glyphs: samples, boxes: squares), reader: reader,
                recognizer: Recognizer(classifier: LearnedClassifier(try StrokeClassifier.shipped()), reader: reader))
            var lexicon: [WordEvaluation.Outcome] = []
            var open: [WordEvaluation.Outcome] = []
            for pass in 0..<passes {
                lexicon += try evaluation.run(words: WordEvaluation.lexiconWords, seed: seed &+ UInt64(pass) &* 1_000)
                open += try evaluation.run(words: WordEvaluation.openWords, seed: seed &+ UInt64(pass) &* 1_000 &+ 500)
            }
            if verbose {
                for o in lexicon + open
                where o.read?.lowercased() != o.expected.lowercased()
                    || o.pipelineText?.lowercased() != o.expected.lowercased()
                {
                    printOut(
                        "writer \(o.writer) '\(o.expected)'\(o.boxed ? " [box]" : ""): read '\(o.read ?? "-")' pipeline '\(o.pipelineText ?? "-")' as \(o.pipelineType ?? "-")"
                    )
                }
            }
            if let dump {
                try OutcomeDump.write(
                    (lexicon + open).filter { dumpAll || $0.pipelineText?.lowercased() != $0.expected.lowercased() },
                    to: dump)
            }
            printOut(
                try JSONText.encode(
                    Report(
                        writers: writers, all: .init(lexicon + open), lexiconWords: .init(lexicon),
                        openWords: .init(open)), pretty: true))
        }
    }

    struct Report: Encodable {
        let writers: String
        let all: WordEvaluation.Summary
        let lexiconWords: WordEvaluation.Summary
        let openWords: WordEvaluation.Summary
    }
}
