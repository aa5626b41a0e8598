import ArgumentParser
import Recognize
import StrokeLog

/// `sketchctl recognize FILE.json`: a canvas file in, the elements file out (NOTATION.md).
struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognise a canvas file (NOTATION.md) and print its elements file.",
        discussion: """
            Prints {"elements": [...], "layout": ..., "readingOrder": [...], "detections": [...]}: \
            root elements at the top level, children nested.
            """)

    @Argument(help: "The canvas file (JSON).")
    var file: String

    @Flag(help: "Pretty-print the JSON.")
    var pretty = false

    func run() throws {
        try reportingErrors {
            let canvas = try CanvasFile.parse(try readInputFile(file))
            let screen = canvas.screen(id: Screen.mainID)
            let recognition = try Recognizer.shipped().recognize(
                screen: screen, strokes: try canvas.strokes(onScreen: screen.id), corrections: [])
            printOut(try JSONText.encode(ElementsFile(recognition), pretty: pretty))
        }
    }
}
