import ArgumentParser
import StrokeLog

/// `sketchctl import`: appends a canvas file's strokes to a session, creating it if needed.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Append the strokes of a canvas file (NOTATION.md) to a session, creating it if needed.",
        discussion: """
            Importing is all or nothing, and idempotent: each stroke is stored under the operation \
            id import:<stroke id>, so importing the same file twice stores it once.
            """)

    @OptionGroup var options: SessionOptions

    @Argument(help: "The canvas file (JSON).")
    var file: String

    @Option(help: "The author recorded for the imported strokes.")
    var author = "sketchctl"

    func run() throws {
        try reportingErrors {
            let canvas = try CanvasFile.parse(try readInputFile(file))
            let directory = try options.catalog()
            try Identifier.check(options.session, what: "session name")
            let isNew = try !directory.exists(options.session)
            let log = isNew ? try directory.create(options.session) : try directory.open(options.session)
            do {
                let screen = canvas.screen(id: Screen.mainID)
                var events: [PendingEvent] = []
                if isNew || log.state.screen(Screen.mainID) != screen {
                    events.append(
                        PendingEvent(
                            author: author, clientOpID: "import:screen:\(Int(screen.width))x\(Int(screen.height))",
                            payload: .screenAdded(screen)))
                }
                for stroke in try canvas.strokes(onScreen: Screen.mainID) {
                    events.append(
                        PendingEvent(author: author, clientOpID: "import:\(stroke.id)", payload: .strokeAdded(stroke)))
                }
                let results = try log.append(events, atomically: true)
                let stored = results.filter { if case .stored = $0 { true } else { false } }.count
                printOut(
                    "imported \(stored) new events into '\(options.session)' (\(results.count - stored) already there); seq \(log.store.lastSeq)"
                )
            } catch {
                if isNew { directory.discardNewSession(options.session) }
                throw error
            }
        }
    }
}
