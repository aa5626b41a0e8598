import ArgumentParser
import Exporter
import Foundation
import Recognize
import StrokeLog

extension ExportFormat: ExpressibleByArgument {}

/// `sketchctl export`: recognises a stored session (up to --to-seq) and writes one export format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a session as SwiftUI files, a Swift Playgrounds app, a playground, PNGs, training data, Compose or JSON.",
        discussion: """
            Without --zip the files are written into the folder --out (created if needed); no path ever \
            leaves it. With --zip one archive is written to --out (or into it, when --out is a folder). \
            A dataset export needs the session's training consent as it stands now, whatever --to-seq says.
            """)

    @OptionGroup var options: SessionOptions
    @OptionGroup var model: ModelOption

    @Option(help: "One of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat

    @Option(help: "The folder to write into, or the .zip file with --zip.")
    var out: String

    @Option(name: .customLong("to-seq"), help: "Export the session as it was at this seq (default: the whole log).")
    var toSeq: Int64?

    @Flag(help: "Write one zip archive instead of a folder of files.")
    var zip = false

    @Option(help: "PNG scales, comma separated, each 1...4.")
    var scales = "1,2,3"

    @Flag(inversion: .prefixedNo, help: "PNG: add the debug overlay of detected boxes and labels.")
    var overlay = true

    @Flag(inversion: .prefixedNo, help: "PNG: add the wireframe render of the preview.")
    var wireframe = true

    func run() throws {
        try reportingErrors {
            if let toSeq, toSeq < 0 { throw CLIFailure("--to-seq must not be negative") }
            let parsedScales = scales.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsedScales.isEmpty, parsedScales.allSatisfy({ (1...4).contains($0) }) else {
                throw CLIFailure("--scales takes comma-separated whole numbers 1...4, such as 1,2,3")
            }
            let catalog = try options.catalog()
            let state = try catalog.readState(of: options.session, at: toSeq)
            // Consent is judged as it stands now: withdrawn at the head, it holds for every seq.
            let presentConsent =
                try format == .dataset
                && (toSeq == nil ? state : catalog.readState(of: options.session, at: nil)).trainingConsent
            let exportOptions = ExportOptions(
                scales: parsedScales, overlay: overlay, wireframe: wireframe, presentConsent: presentConsent)
            let recognizer = try model.recognizer()
            let recognition = try recognizer.recognize(session: state)
            // A dataset tells people's labels from the recognizer's own answer.
            let uncorrected =
                format == .dataset ? try recognizer.recognize(session: state, applyingCorrections: false) : nil
            do {
                if zip {
                    let artifact = try SessionExporter.export(
                        format, state: state, recognition: recognition, zip: true, options: exportOptions,
                        uncorrected: uncorrected)
                    var isFolder: ObjCBool = false
                    let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isFolder)
                    let path = exists && isFolder.boolValue ? out + "/" + artifact.filename : out
                    guard FileManager.default.createFile(atPath: path, contents: Data(artifact.data)) else {
                        throw CLIFailure("cannot write '\(path)'")
                    }
                    printOut("wrote \(path) (\(artifact.data.count) bytes)")
                } else {
                    let files = try SessionExporter.files(
                        format, state: state, recognition: recognition, options: exportOptions, uncorrected: uncorrected
                    )
                    let written = try ExportWriter.write(files, to: out)
                    printOut("wrote \(written.count) files to \(out)")
                }
            } catch let error as ExportError {
                throw CLIFailure("\(error.code): \(error)")
            }
        }
    }
}
