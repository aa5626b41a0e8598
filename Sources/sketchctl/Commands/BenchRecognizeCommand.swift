import ArgumentParser
import Dispatch
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl bench-recognize`: latency of recognising a screen after one more stroke.
struct BenchRecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-recognize",
        abstract: "Time recognising a ~40-element screen after one more stroke (see bench/recognize).")

    @Option(help: "Least number of elements on the screen.") var elements = 40
    @Option(help: "How many one-more-stroke recognitions to time.") var iterations = 300
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "DoodleUINet training file for real pictograms (plain or gzip).") var doodles = DatasetFile.vendoredDoodles
    @Flag(help: "Read no handwriting (every stroke is a shape), to see what looking for writing costs.") var noHandwriting = false

    func run() throws {
        try reportingErrors {
            guard elements > 0, elements <= 2000, iterations >= 100, iterations <= 100_000 else {
                throw CLIFailure("--elements must be in 1...2000 and --iterations in 100...100000")
            }
            let pool = try DoodlePool(ndjson: URL(fileURLWithPath: doodles)) { DrawingSource.synthetic.keeps($0) }
            let input = ScreenSynthesizer.stacked(elements: elements, seed: seed, pool: pool)

            let loadStart = DispatchTime.now()
            let recognizer = noHandwriting
                ? Recognizer(classifier: LearnedClassifier(try StrokeClassifier.shipped())) : try Recognizer.shipped()
            let loadMs = Self.ms(since: loadStart)

            let coldStart = DispatchTime.now()
            let cold = try recognizer.recognize(screen: input.screen, strokes: input.strokes, corrections: [])
            let coldMs = Self.ms(since: coldStart)

            var wall: [Double] = []
            var cpu: [Double] = []
            for n in 0..<iterations {
                let strokes = input.strokes + [ScreenSynthesizer.extraStroke(n, on: input.screen)]
                let start = DispatchTime.now(), startCPU = Self.threadCPUms()
                _ = try recognizer.recognize(screen: input.screen, strokes: strokes, corrections: [], cancellation: CancellationToken())
                wall.append(Self.ms(since: start))
                cpu.append(Self.threadCPUms() - startCPU)
            }
            struct Report: Encodable {
                let elementsOnScreen: Int, strokes: Int, iterations: Int, handwriting: Bool
                let modelLoadMs: Double, fullRecognitionColdMs: Double
                let oneMoreStrokeWallMs: [String: Double]
                let oneMoreStrokeThreadCPUMs: [String: Double]
                let firstCallMs: Double, hundredthCallMs: Double
            }
            let report = Report(
                elementsOnScreen: cold.allElements.count, strokes: input.strokes.count + 1, iterations: iterations,
                handwriting: !noHandwriting,
                modelLoadMs: Self.round(loadMs), fullRecognitionColdMs: Self.round(coldMs),
                oneMoreStrokeWallMs: Self.percentiles(wall), oneMoreStrokeThreadCPUMs: Self.percentiles(cpu),
                firstCallMs: Self.round(wall[0]), hundredthCallMs: Self.round(wall[99]))
            printOut(try JSONText.encode(report, pretty: true))
        }
    }

    private static func percentiles(_ samples: [Double]) -> [String: Double] {
        let sorted = samples.sorted()
        func at(_ p: Double) -> Double { round(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]) }
        return ["p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": round(sorted.last!)]
    }

    /// CPU time of the calling thread: unlike wall time, not inflated by other processes.
    private static func threadCPUms() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    private static func ms(since start: DispatchTime) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 }
    private static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
