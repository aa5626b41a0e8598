import Exporter
import XCTest
@testable import SessionDaemon

/// How code versions turn into per-file changes (the hunks themselves come from the exporter's
/// `LineDiff`; here a whole-text replacement stands in for it so only the bookkeeping is tested).
final class PublishedResultsTests: XCTestCase {
    private func wholeText(_ old: String, _ new: String) -> [DiffHunk] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [DiffHunk(oldStart: 0, oldCount: oldLines.count, newStart: 0, newCount: newLines.count,
                         lines: oldLines.map { "-" + $0 } + newLines.map { "+" + $0 })]
    }

    func testChangedAddedAndDeletedFilesInPathOrder() {
        let old = [GeneratedFile(path: "A.swift", text: "a"), GeneratedFile(path: "B.swift", text: "b"), GeneratedFile(path: "C.swift", text: "c")]
        let new = [GeneratedFile(path: "A.swift", text: "a"), GeneratedFile(path: "B.swift", text: "b2"), GeneratedFile(path: "D.swift", text: "d")]
        let changes = PublishedResults.changes(from: old, to: new, diff: wholeText)
        XCTAssertEqual(changes.map(\.path), ["B.swift", "D.swift", "C.swift"])
        XCTAssertEqual(changes[0].hunks?.first?.lines, ["-b", "+b2"])
        XCTAssertEqual(changes[1].text, "d")
        XCTAssertEqual(changes[2].deleted, true)
    }

    func testNoChangesMeansNoDiff() {
        let files = [GeneratedFile(path: "A.swift", text: "a")]
        XCTAssertTrue(PublishedResults.changes(from: files, to: files, diff: wholeText).isEmpty)
    }
}
