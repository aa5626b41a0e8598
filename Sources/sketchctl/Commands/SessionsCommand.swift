import ArgumentParser
import Foundation
import StrokeLog

/// `sketchctl sessions`: lists the sessions of a data directory.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List the sessions with their event counts and last change.")

    @Option(name: .long, help: "The directory holding the session files.")
    var dataDir: String = "./data"

    @Flag(help: "Print one JSON array.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard FileManager.default.fileExists(atPath: dataDir) else { throw CLIFailure("no data directory at '\(dataDir)'") }
            let listings = try SessionDirectory(root: dataDir).list()
            if json {
                printOut(try JSONText.encode(listings))
                return
            }
            printOut("SESSION\tEVENTS\tLAST CHANGE (UTC)")
            for listing in listings {
                let when = listing.lastChange.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0) / 1000)) } ?? "-"
                printOut("\(listing.name)\t\(listing.eventCount)\t\(when)")
            }
        }
    }
}
