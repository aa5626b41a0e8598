import ArgumentParser
import StrokeLog

/// `sketchctl meta`: sets a session's title or training-data consent, as a logged event.
struct MetaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meta",
        abstract: "Set a session's title or its consent to be used as training data.",
        discussion: "The change is appended to the session's log like any edit, so replays show it.")

    @OptionGroup var options: SessionOptions

    @Option(help: "The new session title.")
    var title: String?

    @Option(help: "Whether the participants consent to training use: yes or no.")
    var consent: Consent?

    @Option(help: "The author recorded for the change.")
    var author = "sketchctl"

    enum Consent: String, ExpressibleByArgument { case yes, no }

    func run() throws {
        try reportingErrors {
            guard title != nil || consent != nil else { throw CLIFailure("give --title or --consent") }
            let catalog = try options.catalog()
            let log = try catalog.open(options.session)
            let change = MetadataChange(title: title, trainingConsent: consent.map { $0 == .yes })
            let opID = "meta:\(log.store.lastSeq + 1)"
            let result = try log.append(PendingEvent(author: author, clientOpID: opID, payload: .metadataSet(change)))
            if case .rejected(let error) = result { throw error }
            printOut(
                "session '\(options.session)': title \(log.state.sessionTitle ?? "-"), training consent \(log.state.trainingConsent ? "yes" : "no"); seq \(log.store.lastSeq)"
            )
        }
    }
}
