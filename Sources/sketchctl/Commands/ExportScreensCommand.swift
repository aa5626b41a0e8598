import ArgumentParser
import Exporter
import Foundation
import Recognize
import RecognizeTraining
import SketchModel
import StrokeLog

/// `sketchctl export-screens`: recognises the seeded evaluation screens (the same ones
/// `evaluate-screens` scores) and writes the SwiftUI generated for each, so the code a developer
/// would keep can be read and measured (`scripts/code-metrics.py`).
struct ExportScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-screens",
        abstract: "Write the SwiftUI generated for the seeded evaluation screens, one folder per screen.",
        discussion: """
            Each screen goes to OUT/NNN-kind/ (index and template), with the files the SwiftUI export \
            writes. The screens are those of `sketchctl evaluate-screens` with the same --set, --count \
            and --seed.
            """)

    enum SetChoice: String, ExpressibleByArgument, CaseIterable {
        case synthetic, real, heldout

        var source: DrawingSource {
            switch self {
            case .synthetic: .synthetic
            case .real: .real
            case .heldout: .heldOut
            }
        }
    }

    @Option(help: "How many screens.") var count = 126
    @Option(help: "The generator seed.") var seed: UInt64 = 1
    @Option(help: "Which screen set: synthetic, real or heldout.") var set: SetChoice = .real
    @Option(help: "DoodleUINet training file, plain or gzip (the vendored copy by default).") var doodles = DatasetFile
        .vendoredDoodles
    @Option(help: "The folder to write into (created if needed).") var out: String

    func run() throws {
        try reportingErrors {
            guard count > 0, count <= 10_000 else { throw CLIFailure("--count must be in 1...10000") }
            let source = set.source
            let text = try DatasetFile.text(URL(fileURLWithPath: doodles))
            let pool = DoodlePool(ndjsonText: text) { source.keeps($0) }
            let recognizer = try Recognizer.shipped()
            var files: [ExportFile] = []
            for index in 0..<count {
                let screen = ScreenSynthesizer.make(index: index, seed: seed, pool: pool, wobble: 1.2, source: source)
                let result = try recognizer.recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
                let session = SessionRecognition(
                    seq: 0, screens: [result], links: [], theme: .standard, title: screen.kind)
                let folder = String(format: "%03d-%@/", index, screen.kind)
                files += SwiftUIGenerator.files(for: session).map {
                    ExportFile(path: folder + $0.path, data: Array($0.text.utf8))
                }
            }
            do {
                let written = try ExportWriter.write(files, to: out)
                printOut("wrote \(written.count) files for \(count) screens to \(out)")
            } catch let error as ExportError {
                throw CLIFailure("\(error.code): \(error)")
            }
        }
    }
}
