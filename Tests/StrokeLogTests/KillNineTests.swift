import Foundation
import XCTest

@testable import StrokeLog

/// An appended event survives `kill -9` of the writing process.
///
/// The test re-runs this test bundle as a child process in "appender" mode: the child appends
/// in a loop and prints each seq after `append` returns. The parent kills it with SIGKILL
/// mid-stream, reopens the file and checks that every reported event is there, intact.
final class KillNineTests: XCTestCase {
    private static let childEnvironmentKey = "SKETCHD_KILL9_CHILD_DATA"

    func testEveryReportedAppendSurvivesSIGKILL() throws {
        if ProcessInfo.processInfo.environment[Self.childEnvironmentKey] != nil { return }
        let dir = try TemporaryDirectory()
        _ = try SessionDirectory(root: dir.path).create("victim")

        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["StrokeLogTests.KillNineTests/testChildAppender"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childEnvironmentKey: dir.path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        var text = ""
        let reader = output.fileHandleForReading
        while text.components(separatedBy: "appended ").count <= 300 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)

        let reported = text.split(separator: "\n").compactMap { line -> (seq: Int64, op: String)? in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "appended", let seq = Int64(parts[1]) else { return nil }
            return (seq, String(parts[2]))
        }
        XCTAssertGreaterThanOrEqual(reported.count, 300, "the child reported too few appends")

        let reopened = try SessionDirectory(root: dir.path).open("victim")
        try reopened.file.checkIntegrity()
        let stored = Dictionary(
            uniqueKeysWithValues: try reopened.store.events(after: 0).map { ($0.clientOpID, $0.seq) })
        for event in reported {
            XCTAssertEqual(stored[event.op], event.seq, "reported event \(event.op) is missing or moved")
        }
        XCTAssertEqual(reopened.state.liveStrokes.count, stored.count)
    }

    /// Child mode only: appends batches forever, reporting each stored event on stdout.
    func testChildAppender() throws {
        guard let root = ProcessInfo.processInfo.environment[Self.childEnvironmentKey] else { return }
        let log = try SessionDirectory(root: root).open("victim")
        var counter = 0
        while true {
            let batch = (0..<(counter % 4 + 1)).map { _ -> PendingEvent in
                counter += 1
                let points = (0..<20).map {
                    StrokePoint(x: Double($0 * 3), y: Double(counter % 800), t: Double($0 * 16))
                }
                return PendingEvent(
                    author: "child", clientOpID: "op\(counter)",
                    payload: .strokeAdded(Stroke(id: "s\(counter)", points: points)))
            }
            for result in try log.append(batch) {
                if case .stored(let record, _) = result {
                    FileHandle.standardOutput.write(Data("appended \(record.seq) \(record.clientOpID)\n".utf8))
                }
            }
        }
    }
}
