import ArgumentParser
import Exporter
import Recognize
import SketchModel
import StrokeLog

/// `sketchctl replay`: folds a session's log and prints its state.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Fold a session's log (up to --to-seq) and print the state.")

    @OptionGroup var options: SessionOptions

    @Option(name: .customLong("to-seq"), help: "Stop after this seq (default: the whole log).")
    var toSeq: Int64?

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        try reportingErrors {
            if let toSeq, toSeq < 0 { throw CLIFailure("--to-seq must not be negative") }
            let catalog = try options.catalog()
            let state = try catalog.readState(of: options.session, at: toSeq)
            let recognition = try Recognizer.shipped().recognize(session: state)
            let report = ReplayReport(session: options.session, state: state, recognition: recognition)
            if json {
                printOut(try JSONText.encode(report))
            } else {
                printOut(report.text)
            }
        }
    }
}

/// What `replay` prints.
struct ReplayReport: Encodable {
    var session: String
    var seq: Int64
    var stateHash: String
    var title: String?
    var trainingConsent: Bool
    var theme: Theme
    var screens: [Screen]
    var strokes: [Stroke]
    var corrections: [Correction]
    /// What the recognizer makes of the state: elements, layout and links per screen.
    var recognition: SessionRecognition
    /// The generated SwiftUI files.
    var files: [GeneratedFile]

    init(session: String, state: SessionState, recognition: SessionRecognition) {
        self.session = session
        seq = state.lastSeq
        stateHash = state.stateHash
        title = state.sessionTitle
        trainingConsent = state.trainingConsent
        theme = state.theme
        screens = state.screens
        strokes = state.liveStrokes
        corrections = state.corrections
        self.recognition = recognition
        files = SwiftUIGenerator.files(for: recognition)
    }

    var text: String {
        var lines = [
            "session \(session)", "seq \(seq)", "state hash \(stateHash)",
            "screens \(screens.map { "\($0.id) '\($0.name)' \(Int($0.width))x\(Int($0.height))" }.joined(separator: ", "))",
            "live strokes \(strokes.count)",
        ]
        for stroke in strokes {
            let b = stroke.bounds
            lines.append(
                "  \(stroke.id) on \(stroke.screen): \(stroke.points.count) points, box (\(b.minX), \(b.minY))-(\(b.maxX), \(b.maxY)), \(stroke.color)"
            )
        }
        lines.append("corrections \(corrections.count)")
        for correction in corrections {
            lines.append(
                "  seq \(correction.seq) by \(correction.author): \(correction.kind) on \(correction.strokeIDs.joined(separator: ","))"
            )
        }
        for screen in recognition.screens {
            lines.append("elements on \(screen.screen.id) \(screen.allElements.count)")
            for element in screen.allElements {
                let f = element.frame
                lines.append(
                    "  \(element.id) \(element.type.rawValue) (\(f.x), \(f.y), \(f.width)x\(f.height)) confidence \(element.confidence)"
                )
            }
        }
        for file in files {
            lines.append("// ---- \(file.path)")
            lines.append(file.text)
        }
        return lines.joined(separator: "\n")
    }
}
