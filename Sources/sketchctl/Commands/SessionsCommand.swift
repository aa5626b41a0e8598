import ArgumentParser
import Foundation
import StrokeLog

/// `sketchctl sessions`: lists the sessions of a data directory or database.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions with their event counts, last change and training consent.")

    @OptionGroup var location: StoreOptions

    @Flag(help: "Print one JSON array.")
    var json = false

    func run() throws {
        try reportingErrors {
            if location.store == nil, !FileManager.default.fileExists(atPath: location.dataDir) {
                throw CLIFailure("no data directory at '\(location.dataDir)'")
            }
            let directory = try location.catalog()
            let rows = try directory.list().map { listing in
                Row(
                    name: listing.name, eventCount: listing.eventCount, lastChange: listing.lastChange,
                    trainingConsent: (try? directory.readState(of: listing.name, at: nil))?.trainingConsent)
            }
            if json {
                printOut(try JSONText.encode(rows))
                return
            }
            printOut("SESSION\tEVENTS\tLAST CHANGE (UTC)\tTRAINING CONSENT")
            for row in rows {
                let when =
                    row.lastChange.map {
                        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0) / 1000))
                    } ?? "-"
                let consent = row.trainingConsent.map { $0 ? "yes" : "no" } ?? "unreadable"
                printOut("\(row.name)\t\(row.eventCount)\t\(when)\t\(consent)")
            }
        }
    }

    /// One session: its listing and its training consent as it stands now (nil: unreadable).
    struct Row: Encodable {
        let name: String
        let eventCount: Int64
        let lastChange: Int64?
        let trainingConsent: Bool?
    }
}
