import ArgumentParser
import Dispatch
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl bench-recognize`: latency of recognising a screen after one more stroke, with the
/// recognizer warm (incremental: it recognised the screen before), with it cold (a full
/// recognition), after an undo (a state seen before), and the daemon's pattern: one more stroke
/// beside another client's, then the undo of that earlier one (a new state of groups all seen).
struct BenchRecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-recognize",
        abstract: "Time recognising a ~40-element screen after one more stroke and its undo (see bench/recognize).")

    @Option(help: "Least number of elements on the screen.") var elements = 40
    @Option(help: "How many one-more-stroke recognitions to time.") var iterations = 300
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "DoodleUINet training file for real pictograms (plain or gzip).") var doodles = DatasetFile
        .vendoredDoodles
    @Option(
        help:
            "How many of the iterations also time a full recognition (0: none, for a profile of the incremental path alone)."
    )
    var fullIterations = 100
    @Option(help: "The screen: \(BenchScreen.allCases.map(\.rawValue).joined(separator: ", ")) (see bench/recognize).")
    var screen = BenchScreen.stacked
    @Flag(help: "Read no handwriting (every stroke is a shape), to see what looking for writing costs.")
    var noHandwriting = false

    func run() throws {
        try reportingErrors {
            guard elements > 0, elements <= 2000, iterations >= 100, iterations <= 100_000,
                (0...iterations).contains(fullIterations)
            else {
                throw CLIFailure(
                    "--elements must be in 1...2000, --iterations in 100...100000 and --full-iterations in 0...iterations"
                )
            }
            let input = try screen.input(
                elements: elements, seed: seed,
                pool: try DoodlePool(ndjson: URL(fileURLWithPath: doodles)) { DrawingSource.synthetic.keeps($0) })

            let loadStart = DispatchTime.now()
            let model = try StrokeClassifier.shipped()
            let reader = noHandwriting ? nil : try HandwritingReader.shipped()
            let recognizer = Recognizer(classifier: LearnedClassifier(model), reader: reader)
            let loadMs = Self.ms(since: loadStart)

            let coldStart = DispatchTime.now()
            let cold = try recognizer.recognize(screen: input.screen, strokes: input.strokes, corrections: [])
            let coldMs = Self.ms(since: coldStart)

            var incremental = Samples()
            var undo = Samples()
            var full = Samples()
            for n in 0..<iterations {
                let strokes = input.strokes + [screen.extraStroke(n, on: input.screen, place: 0)]
                _ = try incremental.time {
                    try recognizer.recognize(
                        screen: input.screen, strokes: strokes, corrections: [], cancellation: CancellationToken())
                }
                _ = try undo.time {
                    try recognizer.recognize(
                        screen: input.screen, strokes: input.strokes, corrections: [], cancellation: CancellationToken()
                    )
                }
                guard n < fullIterations else { continue }
                let fresh = Recognizer(classifier: LearnedClassifier(model), reader: reader)
                _ = try full.time {
                    try fresh.recognize(
                        screen: input.screen, strokes: strokes, corrections: [], cancellation: CancellationToken())
                }
            }
            // The daemon's pattern (bench/sessions): a client's stroke is undone after another client
            // drew, so the undo is a state never seen, though every group in it was.
            var besideAnother = Samples()
            var undoEarlier = Samples()
            var earlier = screen.extraStroke(iterations, on: input.screen, place: 1)
            _ = try recognizer.recognize(screen: input.screen, strokes: input.strokes + [earlier], corrections: [])
            for n in 0..<iterations {
                let next = screen.extraStroke(iterations + 1 + n, on: input.screen, place: n)
                _ = try besideAnother.time {
                    try recognizer.recognize(
                        screen: input.screen, strokes: input.strokes + [earlier, next], corrections: [],
                        cancellation: CancellationToken())
                }
                _ = try undoEarlier.time {
                    try recognizer.recognize(
                        screen: input.screen, strokes: input.strokes + [next], corrections: [],
                        cancellation: CancellationToken())
                }
                earlier = next
            }
            struct Report: Encodable {
                let elementsOnScreen: Int, strokes: Int, iterations: Int, handwriting: Bool
                let modelLoadMs: Double, fullRecognitionColdMs: Double
                /// One more stroke, the recognizer warm (incremental).
                let oneMoreStrokeWallMs: [String: Double]
                let oneMoreStrokeThreadCPUMs: [String: Double]
                /// Its undo: back to a state recognised before.
                let undoThreadCPUMs: [String: Double]
                /// One more stroke with empty caches (a full recognition; the model loaded), the first
                /// `--full-iterations` times (empty when none).
                let oneMoreStrokeFullThreadCPUMs: [String: Double]
                /// One more stroke beside another recent one, and then the undo of that earlier one.
                let besideAnotherThreadCPUMs: [String: Double]
                let undoOfTheEarlierThreadCPUMs: [String: Double]
                let firstCallMs: Double, hundredthCallMs: Double
            }
            let report = Report(
                elementsOnScreen: cold.allElements.count, strokes: input.strokes.count + 1, iterations: iterations,
                handwriting: !noHandwriting,
                modelLoadMs: Self.round(loadMs), fullRecognitionColdMs: Self.round(coldMs),
                oneMoreStrokeWallMs: Self.percentiles(incremental.wall),
                oneMoreStrokeThreadCPUMs: Self.percentiles(incremental.cpu),
                undoThreadCPUMs: Self.percentiles(undo.cpu), oneMoreStrokeFullThreadCPUMs: Self.percentiles(full.cpu),
                besideAnotherThreadCPUMs: Self.percentiles(besideAnother.cpu),
                undoOfTheEarlierThreadCPUMs: Self.percentiles(undoEarlier.cpu),
                firstCallMs: Self.round(incremental.wall[0]), hundredthCallMs: Self.round(incremental.wall[99]))
            printOut(try JSONText.encode(report, pretty: true))
        }
    }

    /// Wall and thread CPU times of timed calls.
    private struct Samples {
        var wall: [Double] = []
        var cpu: [Double] = []

        mutating func time<T>(_ work: () throws -> T) rethrows -> T {
            let start = DispatchTime.now()
            let startCPU = BenchRecognizeCommand.threadCPUms()
            let result = try work()
            wall.append(BenchRecognizeCommand.ms(since: start))
            cpu.append(BenchRecognizeCommand.threadCPUms() - startCPU)
            return result
        }
    }

    private static func percentiles(_ samples: [Double]) -> [String: Double] {
        guard !samples.isEmpty else { return [:] }
        let sorted = samples.sorted()
        func at(_ p: Double) -> Double {
            round(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)])
        }
        return ["p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": round(sorted.last!)]
    }

    /// CPU time of the calling thread: unlike wall time, not inflated by other processes.
    fileprivate static func threadCPUms() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    fileprivate static func ms(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }
    private static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
