import Foundation
import XCTest

/// The daemon stays in small files with one job each (issue 38): no source file of
/// `Sources/SessionDaemon` is over ``limit`` lines.
final class DaemonFileSizeTests: XCTestCase {
    static let limit = 250

    func testNoDaemonFileIsOverTheLimit() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/SessionDaemon")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 20, "the daemon's sources were not found at \(sources.path)")
        for file in files {
            let lines =
                try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .count - 1
            XCTAssertLessThanOrEqual(lines, Self.limit, "\(file.path) has \(lines) lines")
        }
    }
}
