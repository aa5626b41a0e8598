import ArgumentParser
import Exporter
import Recognize
import SketchModel
import StrokeLog

/// `sketchctl recognize FILE.json`: a canvas file in, the elements file out (NOTATION.md).
struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognise a canvas file (NOTATION.md) and print its elements file.",
        discussion: """
            Prints {"elements": [...], "swiftui": "...", "layout": ..., "readingOrder": [...], \
            "detections": [...]}: root elements at the top level, children nested; swiftui holds \
            the generated files, each headed by a // FileName.swift comment.
            """)

    @Argument(help: "The canvas file (JSON).")
    var file: String

    @Flag(help: "Pretty-print the JSON.")
    var pretty = false

    @OptionGroup var model: ModelOption

    func run() throws {
        try reportingErrors {
            let canvas = try CanvasFile.parse(try readInputFile(file))
            let screen = canvas.screen(id: Screen.mainID)
            let recognition = try model.recognizer().recognize(
                screen: screen, strokes: try canvas.strokes(onScreen: screen.id), corrections: [])
            let session = SessionRecognition(seq: 0, screens: [recognition], links: [], theme: .standard, title: nil)
            let swiftui = SwiftUIGenerator.files(for: session).map { "// \($0.path)\n\($0.text)" }.joined(
                separator: "\n")
            printOut(try JSONText.encode(ElementsFile(recognition, swiftui: swiftui), pretty: pretty))
        }
    }
}
