import ArgumentParser
import Foundation
import Recognize
import StrokeLog

/// `sketchctl evaluate-screens`: element F1 and layout match on seeded synthetic screens.
struct EvaluateScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-screens",
        abstract: "Score whole-screen recognition on seeded synthetic screens (element F1 at IoU 0.5, layout match).",
        discussion: """
            Screens cycle through login, settings, feed, form and detail templates. Icons, avatars, \
            switches and checkboxes are real DoodleUINet drawings from --doodles when the file exists, \
            restricted to ids outside the classifier's validation split (see docs/ARCHITECTURE.md).
            """)

    @Option(help: "How many screens.") var count = 100
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "DoodleUINet training file for real pictograms.") var doodles = "../shared/datasets/doodleuinet/train.ndjson"
    @Flag(help: "Draw every pictogram with the synthetic pen instead.") var penOnly = false
    @Option(help: "The hand's jitter in points (1.2 by default; higher is messier).") var wobble = 1.2
    @Flag(help: "List each screen's misses.") var verbose = false

    func run() throws {
        try reportingErrors {
            guard count > 0, count <= 100_000 else { throw CLIFailure("--count must be in 1...100000") }
            guard wobble.isFinite, wobble >= 0, wobble <= 10 else { throw CLIFailure("--wobble must be in 0...10") }
            let pool = penOnly || !FileManager.default.fileExists(atPath: doodles)
                ? DoodlePool()
                : try DoodlePool(ndjson: URL(fileURLWithPath: doodles)) { !ValidationSplit.standard.isValidation($0) }
            let recognizer = try Recognizer.shipped()
            var scores: [ScreenScore] = []
            var byKind: [String: [ScreenScore]] = [:]
            var layoutSamples: [LayoutFidelity.Sample] = []
            for index in 0..<count {
                let screen = ScreenSynthesizer.make(index: index, seed: seed, pool: pool, wobble: wobble)
                let result = try recognizer.recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
                let score = ScreenEvaluator.score(result, against: screen)
                scores.append(score)
                layoutSamples += LayoutFidelity.samples(result, against: screen)
                byKind[screen.kind, default: []].append(score)
                if verbose, score.matched < max(score.expected, score.predicted) || !score.layoutMatches {
                    printOut("\(index) \(screen.kind): missed \(score.missed) spurious \(score.spurious) layout \(score.layoutMatches)")
                }
            }
            struct Report: Encodable {
                let seed: UInt64
                let doodleDrawings: Int
                let overall: EvaluationSummary
                let byKind: [String: EvaluationSummary]
                let layoutFidelity: LayoutFidelity.Summary
            }
            let report = Report(
                seed: seed, doodleDrawings: pool.count, overall: EvaluationSummary(scores), byKind: byKind.mapValues(EvaluationSummary.init),
                layoutFidelity: LayoutFidelity.Summary(layoutSamples))
            printOut(try JSONText.encode(report, pretty: true))
        }
    }
}
