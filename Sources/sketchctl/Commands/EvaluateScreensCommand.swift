import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl evaluate-screens`: element F1, per-type recall and layout match on seeded screens,
/// for the synthetic set, the real set, or both.
struct EvaluateScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-screens",
        abstract:
            "Score whole-screen recognition on seeded screens (element F1 at IoU 0.5, per-type recall, layout match).",
        discussion: """
            Two screen sets (see docs/design/evaluation.md). synthetic: login, settings, feed, \
            form, detail, contacts and player templates drawn with our own pen, with icons, avatars, \
            switches and checkboxes from DoodleUINet drawings outside the classifier's validation fold. \
            real: the same templates plus an article and a people list, where every element is a \
            DoodleUINet drawing from the validation fold (never trained on), stretched into the box a \
            person would draw it in. heldout: templates and placements the rules were not tuned on (lists \
            of two rows, single cards, trailing controls at any inset, a search field under the navigation \
            bar, sliders of any length), drawn like the real set from half of the validation fold; \
            reported only when asked for. synthetic and real are reported by default.
            """)

    enum SetChoice: String, ExpressibleByArgument, CaseIterable {
        case synthetic, real, heldout, both

        var sources: [DrawingSource] {
            switch self {
            case .synthetic: [.synthetic]
            case .real: [.real]
            case .heldout: [.heldOut]
            case .both: [.synthetic, .real]
            }
        }
    }

    @Option(help: "How many screens per set.") var count = 100
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "Which screen set: synthetic, real, heldout or both (synthetic and real).") var set: SetChoice = .both
    @Option(help: "DoodleUINet training file, plain or gzip (the vendored copy by default).") var doodles = DatasetFile
        .vendoredDoodles
    @Flag(help: "Synthetic set only: draw every pictogram with the synthetic pen instead.") var penOnly = false
    @Option(help: "The hand's jitter in points (1.2 by default; higher is messier).") var wobble = 1.2
    @Flag(
        help:
            "List each screen's misses and the elements laid out more than 10 pt from where they were drawn or off their drawn alignment."
    ) var verbose = false
    /// How far (points) a laid-out centre may sit from the drawn one before `--verbose` lists it.
    static let farOffset = 10.0
    @Flag(help: "Read no handwriting (every stroke is a shape), to see what reading costs or gains.")
    var noHandwriting = false
    @OptionGroup var model: ModelOption
    @Option(
        help:
            "Write each screen's strokes as a canvas file (SET-INDEX-KIND.json) into this folder, for `sketchctl recognize`."
    )
    var dump: String?

    func run() throws {
        try reportingErrors {
            guard count > 0, count <= 100_000 else { throw CLIFailure("--count must be in 1...100000") }
            guard wobble.isFinite, wobble >= 0, wobble <= 10 else { throw CLIFailure("--wobble must be in 0...10") }
            let sources = set.sources
            if let dump { try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true) }
            let text = try DatasetFile.text(URL(fileURLWithPath: doodles))
            let recognizer =
                noHandwriting ? Recognizer(classifier: LearnedClassifier(try model.load())) : try model.recognizer()
            var sets: [String: SetReport] = [:]
            for source in sources {
                let pool =
                    source == .synthetic && penOnly ? DoodlePool() : DoodlePool(ndjsonText: text) { source.keeps($0) }
                sets[source.rawValue] = try evaluate(source, pool: pool, recognizer: recognizer)
            }
            printOut(try JSONText.encode(Report(seed: seed, sets: sets), pretty: true))
        }
    }

    struct Report: Encodable {
        let seed: UInt64
        let sets: [String: SetReport]
    }

    struct SetReport: Encodable {
        let doodleDrawings: Int
        let overall: EvaluationSummary
        let byKind: [String: KindSummary]
        /// Types with at least 10 instances and recall under 0.90.
        let weakTypes: [String]
        /// Drawn frames against `layoutFrame`: median IoU, horizontal alignment kept and centre
        /// offset, overall and per type.
        let layoutFidelity: LayoutFidelity.Summary
        /// Elements the layout puts past the screen's edges, at the drawn width (390 pt) and at a
        /// narrower phone's (320 pt).
        let screenFit: [ScreenFit.Summary]
    }

    /// One template's totals, without the per-type detail.
    struct KindSummary: Encodable {
        let screens: Int, f1: Double, precision: Double, recall: Double, layoutMatchRate: Double
        init(_ s: EvaluationSummary) {
            (screens, f1, precision, recall, layoutMatchRate) = (
                s.screens, s.f1, s.precision, s.recall, s.layoutMatchRate
            )
        }
    }

    /// The device widths the fit is checked at: the drawn screen's own, and a 320-point phone.
    static let fitWidths: [Double?] = [nil, 320]

    private func evaluate(_ source: DrawingSource, pool: DoodlePool, recognizer: Recognizer) throws -> SetReport {
        var scores: [ScreenScore] = []
        var byKind: [String: [ScreenScore]] = [:]
        var layoutSamples: [LayoutFidelity.Sample] = []
        var fits = Self.fitWidths.map { ScreenFit.Summary(width: $0 ?? 390) }
        for index in 0..<count {
            let screen = ScreenSynthesizer.make(index: index, seed: seed, pool: pool, wobble: wobble, source: source)
            let result = try recognizer.recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
            let score = ScreenEvaluator.score(result, against: screen)
            if let dump { try write(screen, named: "\(source.rawValue)-\(index)-\(screen.kind)", to: dump) }
            scores.append(score)
            let samples = LayoutFidelity.samples(result, against: screen)
            layoutSamples += samples
            for (slot, width) in Self.fitWidths.enumerated() {
                let overflows = ScreenFit.overflows(result, width: width)
                fits[slot].width = width ?? result.screen.width
                fits[slot].add(elements: result.elements.reduce(0) { $0 + $1.flattened.count }, overflows: overflows)
                if verbose {
                    for overflow in overflows {
                        printOut(
                            "\(source.rawValue) \(index) \(screen.kind): \(overflow.type.rawValue) past the edge by \(overflow.by) at \(fits[slot].width) pt: \(overflow.frame)"
                        )
                    }
                }
            }
            if verbose {
                for moved in samples where moved.centreOffset > Self.farOffset || !moved.keepsAlignment {
                    let lost = moved.keepsAlignment ? "" : " (alignment lost)"
                    printOut(
                        "\(source.rawValue) \(index) \(screen.kind): \(moved.type.rawValue) drawn \(moved.drawn) placed \(moved.placed)\(lost)"
                    )
                }
            }
            byKind[screen.kind, default: []].append(score)
            if verbose, score.matched < max(score.expected, score.predicted) || !score.layoutMatches {
                printOut(
                    "\(source.rawValue) \(index) \(screen.kind): missed \(score.missed) spurious \(score.spurious) layout \(score.layoutMatches)"
                )
            }
        }
        let overall = EvaluationSummary(scores)
        return SetReport(
            doodleDrawings: pool.count, overall: overall,
            byKind: byKind.mapValues { KindSummary(EvaluationSummary($0)) },
            weakTypes: overall.typesBelow(recall: 0.9, instances: 10),
            layoutFidelity: LayoutFidelity.Summary(layoutSamples), screenFit: fits)
    }

    private func write(_ screen: SyntheticScreen, named name: String, to folder: String) throws {
        let canvas = CanvasFile(
            canvas: .init(width: screen.screen.width, height: screen.screen.height),
            strokes: screen.strokes.map { .init(id: $0.id, points: $0.points) })
        try CanonicalJSON.encode(canvas).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".json"))
    }
}
