import ArgumentParser
import Foundation
import StrokeLog

/// `sketchctl backup`: consistent copies of every session, taken while sketchd runs.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy every session of a data directory into a backup folder (safe while sketchd runs).",
        discussion: """
            Each session is copied as of one moment (from a data directory with SQLite's online \
            backup API; from PostgreSQL, --store, event by event into a session file), verified, \
            and written next to a manifest (backup.json) that records each copy's seq and state \
            hash. Events acknowledged after a session was copied are not in the backup.
            """)

    @OptionGroup var store: StoreOptions

    @Option(name: .customLong("to"), help: "The backup folder (created if missing; older copies are replaced).")
    var folder: String

    @Flag(help: "Print the manifest as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            if store.store == nil, !FileManager.default.fileExists(atPath: store.dataDir) {
                throw CLIFailure("no data directory at '\(store.dataDir)'")
            }
            let manifest = try SessionBackup(folder: folder).take(of: try store.catalog())
            if json {
                printOut(try JSONText.encode(manifest))
            } else {
                for entry in manifest.sessions { printOut("\(entry.name)\tseq \(entry.seq)\t\(entry.stateHash)") }
                for (name, reason) in manifest.failed.sorted(by: { $0.key < $1.key }) {
                    printOut("\(name)\tFAILED\t\(reason)")
                }
            }
            if !manifest.failed.isEmpty {
                throw CLIFailure(
                    "\(manifest.failed.count) session(s) could not be copied: \(manifest.failed.keys.sorted().joined(separator: ", "))"
                )
            }
        }
    }
}

/// `sketchctl restore`: puts sessions from a backup folder back into a data directory.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put sessions from a backup folder back into a data directory or a database.",
        discussion: """
            Each copy is verified against the manifest's seq and state hash before it is put back \
            (into PostgreSQL, --store, event by event, keeping every seq, author, op id and time). \
            An existing session is never replaced: move it away first.
            """)

    @Option(name: .customLong("from"), help: "The backup folder.")
    var folder: String

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: "Restore only this session (repeatable); every session by default.")
    var session: [String] = []

    func run() throws {
        try reportingErrors {
            let restored = try SessionBackup(folder: folder)
                .restore(session.isEmpty ? nil : session, into: try store.catalog())
            for entry in restored { printOut("\(entry.name)\tseq \(entry.seq)\t\(entry.stateHash)") }
        }
    }
}
