import ArgumentParser
import Dispatch
import Foundation
import Recognize
import StrokeLog

/// `sketchctl bench-recognize`: latency of recognising a screen after one more stroke.
struct BenchRecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-recognize",
        abstract: "Time recognising a ~40-element screen after one more stroke (see bench/recognize).")

    @Option(help: "Least number of elements on the screen.") var elements = 40
    @Option(help: "How many one-more-stroke recognitions to time.") var iterations = 300
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "DoodleUINet training file for real pictograms.") var doodles = "../shared/datasets/doodleuinet/train.ndjson"

    func run() throws {
        try reportingErrors {
            guard elements > 0, elements <= 2000, iterations >= 100, iterations <= 100_000 else {
                throw CLIFailure("--elements must be in 1...2000 and --iterations in 100...100000")
            }
            let pool = FileManager.default.fileExists(atPath: doodles)
                ? try DoodlePool(ndjson: URL(fileURLWithPath: doodles)) { !ValidationSplit.standard.isValidation($0) } : DoodlePool()
            let input = ScreenSynthesizer.stacked(elements: elements, seed: seed, pool: pool)

            let loadStart = DispatchTime.now()
            let recognizer = try Recognizer.shipped()
            let loadMs = Self.ms(since: loadStart)

            let coldStart = DispatchTime.now()
            let cold = try recognizer.recognize(screen: input.screen, strokes: input.strokes, corrections: [])
            let coldMs = Self.ms(since: coldStart)

            var samples: [Double] = []
            for n in 0..<iterations {
                let strokes = input.strokes + [ScreenSynthesizer.extraStroke(n, on: input.screen)]
                let start = DispatchTime.now()
                _ = try recognizer.recognize(screen: input.screen, strokes: strokes, corrections: [], cancellation: CancellationToken())
                samples.append(Self.ms(since: start))
            }
            let sorted = samples.sorted()
            func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
            struct Report: Encodable {
                let elementsOnScreen: Int, strokes: Int, iterations: Int
                let modelLoadMs: Double, fullRecognitionColdMs: Double
                let oneMoreStrokeMs: [String: Double]
                let firstCallMs: Double, hundredthCallMs: Double
            }
            let report = Report(
                elementsOnScreen: cold.allElements.count, strokes: input.strokes.count + 1, iterations: iterations,
                modelLoadMs: Self.round(loadMs), fullRecognitionColdMs: Self.round(coldMs),
                oneMoreStrokeMs: ["p50": Self.round(percentile(0.5)), "p95": Self.round(percentile(0.95)), "p99": Self.round(percentile(0.99)),
                                  "max": Self.round(sorted.last!)],
                firstCallMs: Self.round(samples[0]), hundredthCallMs: Self.round(samples[99]))
            printOut(try JSONText.encode(report, pretty: true))
        }
    }

    private static func ms(since start: DispatchTime) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 }
    private static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
